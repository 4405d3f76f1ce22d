import { formatBadge } from '@dating/shared-kit/state';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Count bubble next to a nav item: '99+' above 99, nothing at 0. Screen readers hear the
 * label ("5 unread messages") instead of the bare number.
 */
export function NavBadge({ count, label }: { count: number; label: string }) {
  const text = formatBadge(count);
  if (!text) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-badge=""
        css={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          minWidth: '1.35rem',
          height: '1.35rem',
          padding: '0 0.35rem',
          marginInlineStart: '0.2rem',
          borderRadius: 999,
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1,
          background: theme.colors.unread,
          color: theme.colors.dark,
        })}
      >
        {text}
      </span>
      <span css={visuallyHidden}>{label}</span>
    </>
  );
}
