/**
 * A member's alerts and banners (spec 2 "warnings header", spec 4): the e-mail confirmation
 * reminder, disabled notifications, enrich profile, push notifications and the welcome bonus.
 *
 * They are widgets of other remotes and load once the page is idle (lazy-widget.tsx), so they
 * always arrive after the page. Above `<main>` each one pushed the page down as it arrived (a
 * layout shift of 0.15-0.71 on member pages; issue 13), and a stack of cards standing open at the
 * bottom of the screen covered the page instead (the package cards' "Kopen" on /credits at
 * 1280x800). So they live in one region that neither moves nor covers the page:
 *
 * - in the flow right after `<main>`, which is at least a screen high: an alert arriving only
 *   moves the footer, which is below the fold;
 * - sticking to the bottom right of the content column (above a member's tab bar on phones and
 *   tablets), folded by default to one small pill that says how many alerts there are ("2
 *   meldingen"), so it takes at most a corner of the screen; no pill at all without alerts;
 * - the pill opens the stack of cards above it (the member's choice to cover the page); the pill
 *   and Escape close it again, and so does following an alert's link (the welcome bonus's
 *   "Ontgrendel" to /credits must not arrive with the stack over the package cards); open or
 *   closed is remembered for the tab, and so is which alerts the member has seen: an alert that
 *   arrives unseen puts a dot on the pill, it never opens it;
 * - at the end of the page the region rests in its own place above the footer, so it never hides
 *   the last of the content for good.
 *
 * The count follows what the widgets render, not which ones are mounted: a widget renders nothing
 * for most members (no push, profile complete), some only later or until dismissed, and the e-mail
 * reminder's phone modal is a portal outside the list. It is read from the list itself.
 *
 * Each alert keeps its own texts, roles (status) and dismissal; the region adds no live region of
 * its own (the welcome bonus's countdown ticks every second and must not be read out).
 */
import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { colors, layout, radii, shadows, zIndex } from '@dating/shared-kit/theme';
import { VisuallyHidden, containerColumnStyle } from '@dating/shared-kit/ui';
import { tabBarMedia } from '../nav/top-nav';
import { LazyWidget } from './lazy-widget';

/** The member's alerts, in the order they stack (top to bottom). */
export const NOTICE_WIDGETS = [
  'mf_auth_signup/EmailReminder',
  'mf_auth_signup/NotificationsAlert',
  'mf_auth_signup/EnrichProfileAlert',
  'mf_auth_signup/PushAlert',
  'mf_payments/WelcomeBonusBanner',
  // a handled report / a moderator's warning (issue 26), shown once
  'mf_members/ReportNotices',
] as const;

/** sessionStorage: whether the member opened the notices in this tab, and which alerts they saw */
export const NOTICES_KEY = 'shell:notices';

interface NoticesState {
  open: boolean;
  /** widget ids the member has had in sight with the notices open */
  seen: string[];
}

function readState(): NoticesState {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(NOTICES_KEY) ?? 'null') as Partial<NoticesState> | null;
    return {
      open: value?.open === true,
      seen: Array.isArray(value?.seen) ? value.seen.filter((id): id is string => typeof id === 'string') : [],
    };
  } catch {
    return { open: false, seen: [] };
  }
}

function writeState(state: NoticesState): void {
  try {
    window.sessionStorage.setItem(NOTICES_KEY, JSON.stringify(state));
  } catch {
    // storage refused: remembered for this page only
  }
}

/**
 * The ids of the list items whose widget renders something now. Each item is watched for its own
 * children only: a widget's inner updates (the countdown ticking) do not count anything again.
 */
function useRenderedAlerts(list: RefObject<HTMLUListElement | null>): string[] {
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    const ul = list.current;
    if (!ul) return undefined;
    const items = Array.from(ul.children);
    const update = () => {
      const next = items.filter((li) => li.firstElementChild !== null).map((li) => li.getAttribute('data-widget') ?? '');
      setIds((prev) => (prev.join() === next.join() ? prev : next));
    };
    const observer = new MutationObserver(update);
    for (const li of items) observer.observe(li, { childList: true });
    update();
    return () => observer.disconnect();
  }, [list]);
  return ids;
}

const GAP = 8;

// the page's content column (inset like the content, not edge to edge); the pill and the cards
// stand at its right edge. The column itself lets clicks through to the page.
const regionStyle = css({
  position: 'sticky',
  bottom: GAP * 2,
  zIndex: zIndex.nav,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: GAP,
  pointerEvents: 'none',
  '& > *': { pointerEvents: 'auto' },
  // logged-in phones and tablets: above the tab bar fixed at the bottom
  [tabBarMedia]: { bottom: layout.navHeight + GAP },
});

const listStyle = css({
  width: `min(100%, ${layout.toastWidth * 2}px)`,
  display: 'flex',
  flexDirection: 'column',
  gap: GAP,
  // the pill and the tab bar stay in sight below it; the rest scrolls within
  maxHeight: '60vh',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '&[hidden]': { display: 'none' },
  '& > li:empty': { display: 'none' },
  // every card: no margin of its own (the gap spaces them), lifted off the page
  '& > li > *': { margin: 0, borderRadius: radii.md, boxShadow: shadows.md },
});

// one line, about 40 px high and as wide as its text: it covers a corner of the page at most
const pillStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0.5rem 0.875rem',
  border: `1px solid ${colors.border}`,
  borderRadius: radii.pill,
  background: colors.surface,
  color: colors.dark,
  fontSize: '0.875rem',
  fontWeight: 600,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  boxShadow: shadows.md,
  cursor: 'pointer',
});

const dotStyle = css({ width: 8, height: 8, borderRadius: '50%', background: colors.primary, flex: 'none' });

// a chevron pointing where the cards are: up to open them, down to fold them away
const chevronStyle = (open: boolean) =>
  css({
    width: 6,
    height: 6,
    borderRight: '2px solid currentColor',
    borderBottom: '2px solid currentColor',
    transform: open ? 'translateY(-2px) rotate(45deg)' : 'translateY(2px) rotate(-135deg)',
    flex: 'none',
  });

export function Notices() {
  const { t } = useTranslation('shell');
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const pill = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState(readState);
  const rendered = useRenderedAlerts(list);
  const count = rendered.length;
  const open = state.open && count > 0;
  const unseen = rendered.some((id) => !state.seen.includes(id));

  useEffect(() => writeState(state), [state]);

  // what shows while the notices are open, the member has seen
  useEffect(() => {
    if (open && unseen) setState((s) => ({ ...s, seen: [...new Set([...s.seen, ...rendered])] }));
  }, [open, unseen, rendered]);

  // Escape folds them away from anywhere on the page, unless a dialog (which closes on it) had it
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('dialog, [role="dialog"]')) return;
      const focusInside = list.current?.contains(document.activeElement) ?? false;
      setState((s) => ({ ...s, open: false }));
      // focus must not stay in the list that is now hidden
      if (focusInside) pill.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const foldOnLink = (event: MouseEvent<HTMLUListElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) setState((s) => ({ ...s, open: false }));
  };

  return (
    <div data-slot="notices" css={[containerColumnStyle, regionStyle]}>
      {/* a click that follows a link out of an alert folds the stack: the member acted on it (Enter on a link is a click too) */}
      <ul id={listId} ref={list} css={listStyle} hidden={!open} onClick={foldOnLink}>
        {NOTICE_WIDGETS.map((id) => (
          <li key={id} data-widget={id}>
            <LazyWidget id={id} idle />
          </li>
        ))}
      </ul>
      {count > 0 ? (
        <button
          ref={pill}
          type="button"
          css={pillStyle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setState((s) => ({ ...s, open: !open }))}
        >
          {unseen ? <span aria-hidden="true" data-unseen="" css={dotStyle} /> : null}
          {t('notices.count', { count })}
          {unseen ? <VisuallyHidden> {t('notices.new')}</VisuallyHidden> : null}
          <span aria-hidden="true" css={chevronStyle(open)} />
        </button>
      ) : null}
    </div>
  );
}
