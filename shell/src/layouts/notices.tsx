/**
 * A member's alerts and banners ("warnings header"): the e-mail confirmation
 * reminder, disabled notifications, enrich profile, push notifications, the welcome bonus and a
 * handled report. They are widgets of other remotes and load once the page is idle
 * (lazy-widget.tsx), so they always arrive after the page.
 *
 * They once stood in a pill sticking to the bottom right of the page ("2 meldingen") that opened a
 * stack of cards over the page: the pill covered the right half of "Bericht sturen" on a profile,
 * and the open stack covered cards (issue 29 item 3). Now they have a place that covers nothing:
 *
 * - a bell in the top bar (desktop and phone), always there for a member so nothing moves when
 *   alerts arrive, named with the count ("Meldingen (2)", "(nieuw)" while one is unseen);
 * - the bell opens a panel hanging from the top bar (a named region: focus moves into it, Escape
 *   or the bell closes it and focus returns to the bell; following an alert's link or a click
 *   outside closes it too). It starts closed on every page: only the member opens it;
 * - the one urgent notice, mail to the member bouncing (NotificationsAlert with reason 'bounce'),
 *   shows inline at the top of the member's overview instead, in space the layout reserves at
 *   first render (the session says whether it bounces), so its arrival moves nothing
 *   (UrgentNotice below).
 *
 * The count follows what the widgets render, not which ones are mounted: a widget renders nothing
 * for most members (no push, profile complete), some only later or until dismissed, and the e-mail
 * reminder's phone modal is a portal outside the list. It is read from the list itself.
 *
 * Each alert keeps its own texts, roles (status) and dismissal; the panel adds no live region of
 * its own (the welcome bonus's countdown ticks every second and must not be read out).
 */
import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '@dating/shared-kit/state';
import type { User } from '@dating/shared-kit/contracts';
import { colors, radii, shadows, zIndex } from '@dating/shared-kit/theme';
import { VisuallyHidden, containerColumnStyle } from '@dating/shared-kit/ui';
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

/** The urgent notice: mail to the member bounces. It shows inline on the member's overview. */
export const URGENT_WIDGET = 'mf_auth_signup/NotificationsAlert';
/** The member's overview, where the urgent notice stands at the top of the page. */
export const OVERVIEW_PATH = '/members';
/** The height reserved for the urgent notice at first render (its title and one reason, at 360 px). */
export const URGENT_MIN_HEIGHT = '9.5rem';

/** Whether mail to this member bounces (the one urgent notice). */
export function mailBounces(user: User | null): boolean {
  return user?.notifications_disabled.includes('bounce') ?? false;
}

/** Whether the urgent notice stands inline on this page (then the bell does not list it). */
function useUrgentInline(): boolean {
  const { pathname } = useLocation();
  const user = useSession();
  return mailBounces(user) && pathname.replace(/\/+$/, '') === OVERVIEW_PATH;
}

/** sessionStorage: which alerts the member has seen in this tab */
export const NOTICES_KEY = 'shell:notices';

function readSeen(): string[] {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(NOTICES_KEY) ?? 'null') as { seen?: unknown } | null;
    return Array.isArray(value?.seen) ? value.seen.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeSeen(seen: string[]): void {
  try {
    window.sessionStorage.setItem(NOTICES_KEY, JSON.stringify({ seen }));
  } catch {
    // storage refused: remembered for this page only
  }
}

/**
 * The ids of the list items whose widget renders something now. Each item is watched for its own
 * children only: a widget's inner updates (the countdown ticking) do not count anything again.
 */
function useRenderedAlerts(list: RefObject<HTMLUListElement | null>, items: string): string[] {
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
  }, [list, items]);
  return ids;
}

// the bell: a round button as high as the top bar's other controls
const bellStyle = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  padding: 0,
  border: `1px solid ${colors.border}`,
  borderRadius: radii.pill,
  background: colors.surface,
  color: colors.dark,
  fontSize: '1.1rem',
  lineHeight: 1,
  cursor: 'pointer',
  flex: 'none',
  '&[aria-expanded="true"]': { background: colors.primarySoft },
});

const countStyle = css({
  position: 'absolute',
  top: -4,
  insetInlineEnd: -4,
  minWidth: 18,
  height: 18,
  padding: '0 4px',
  borderRadius: 9,
  background: colors.primary,
  color: '#fff',
  fontSize: '0.7rem',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});

const dotStyle = css({
  position: 'absolute',
  bottom: -2,
  insetInlineEnd: -2,
  width: 10,
  height: 10,
  border: `2px solid ${colors.surface}`,
  borderRadius: '50%',
  background: colors.primary,
});

// the panel hangs from the top bar (the sticky header is its containing block), at the right edge
// of the bar's content, never wider than the screen; it scrolls within when the alerts are long
const panelStyle = css({
  position: 'absolute',
  top: '100%',
  insetInlineEnd: 'max(0.5rem, calc((100% - 1140px) / 2 + 1rem))',
  zIndex: zIndex.dropdown,
  width: 'min(24rem, calc(100% - 1rem))',
  maxHeight: 'calc(100vh - 9rem)',
  overflowY: 'auto',
  marginTop: 4,
  padding: 8,
  boxSizing: 'border-box',
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radii.md,
  boxShadow: shadows.md,
  '&[hidden]': { display: 'none' },
  '&:focus': { outline: 'none' },
  '&:focus-visible': { outline: `2px solid ${colors.primary}` },
});

const listStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '& > li:empty': { display: 'none' },
  '& > li > *': { margin: 0 },
});

/** The bell in the top bar and the panel it opens with the member's alerts. */
export function Notices() {
  const { t } = useTranslation('shell');
  const panelId = useId();
  const list = useRef<HTMLUListElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const urgentInline = useUrgentInline();
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(readSeen);
  const widgets = NOTICE_WIDGETS.filter((id) => !(urgentInline && id === URGENT_WIDGET));
  const rendered = useRenderedAlerts(list, widgets.join());
  const count = rendered.length;
  const unseen = rendered.some((id) => !seen.includes(id));

  useEffect(() => writeSeen(seen), [seen]);

  // what shows while the panel is open, the member has seen
  useEffect(() => {
    if (open && unseen) setSeen((s) => [...new Set([...s, ...rendered])]);
  }, [open, unseen, rendered]);

  // opened: focus moves into the panel
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  // Escape (unless a dialog had it) and a click outside close it
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('dialog, [role="dialog"]')) return;
      const focusInside = wrapper.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusInside) bell.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // following a link out of an alert closes the panel: the member acted on it
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
  };

  const name = [count > 0 ? t('notices.bellCount', { count }) : t('notices.bell'), unseen ? t('notices.new') : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div ref={wrapper} data-slot="notices" css={{ display: 'contents' }}>
      <button ref={bell} type="button" css={bellStyle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {/* the name is the hidden text, not aria-label: the visible count is part of it (axe label-content-name-mismatch) */}
        {/* a drawn bell: an emoji needs a colour-emoji font the device may lack (a box instead) */}
        <svg
          aria-hidden="true"
          focusable="false"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        <VisuallyHidden>{name}</VisuallyHidden>
        {count > 0 ? (
          <span aria-hidden="true" data-count="" css={countStyle}>
            {count > 9 ? '9+' : count}
          </span>
        ) : null}
        {unseen ? <span aria-hidden="true" data-unseen="" css={dotStyle} /> : null}
      </button>
      <div
        ref={panel}
        id={panelId}
        role="region"
        aria-label={t('notices.bell')}
        tabIndex={-1}
        css={panelStyle}
        hidden={!open}
        onClick={closeOnLink}
      >
        <ul ref={list} css={listStyle}>
          {widgets.map((id) => (
            <li key={id} data-widget={id}>
              <LazyWidget id={id} idle />
            </li>
          ))}
        </ul>
        {count === 0 ? <p css={{ margin: '0.5rem', color: colors.textMuted }}>{t('notices.empty')}</p> : null}
      </div>
    </div>
  );
}

/**
 * The urgent notice (mail to the member bounces) at the top of the member's overview, in space
 * reserved at first render: the session says whether mail bounces, so the space is there before
 * the widget arrives and nothing below it moves.
 */
export function UrgentNotice() {
  const inline = useUrgentInline();
  if (!inline) return null;
  return (
    <div
      data-slot="urgent-notice"
      css={[containerColumnStyle, { minHeight: URGENT_MIN_HEIGHT, marginBottom: '1rem', '& > *': { margin: 0 } }]}
    >
      <LazyWidget id={URGENT_WIDGET} idle />
    </div>
  );
}
