/**
 * A member's alerts and banners (spec 2 "warnings header", spec 4): the e-mail confirmation
 * reminder, disabled notifications, enrich profile, push notifications and the welcome bonus.
 *
 * They are widgets of other remotes and load once the page is idle (lazy-widget.tsx), so they
 * always arrive after the page. Above `<main>` each one pushed the page down as it arrived (a
 * layout shift of 0.15-0.71 on member pages, and a click that landed on the wrong spot; issue 13).
 * So they live in one region that cannot move the page, whatever arrives when:
 *
 * - in the flow right after `<main>`, which is at least a screen high: an alert arriving only
 *   moves the footer, which is below the fold;
 * - sticking to the bottom of the screen (above a member's tab bar on phones and tablets), so
 *   the member sees it at once, as a stack of cards at the right edge of the content column;
 * - at the end of the page it rests in its own place above the footer, so it never hides the
 *   last of the content for good;
 * - at most half the screen high (scrolls within), and the member can fold it away ("Meldingen
 *   verbergen", remembered for this tab) and back; the button shows only while there are alerts.
 *
 * Each alert keeps its own texts, roles (status) and dismissal; the region adds no live region of
 * its own (the welcome bonus's countdown ticks every second and must not be read out).
 */
import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { colors, layout, radii, shadows, zIndex } from '@dating/shared-kit/theme';
import { containerColumnStyle } from '@dating/shared-kit/ui';
import { tabBarMedia } from '../nav/top-nav';
import { LazyWidget } from './lazy-widget';

/** The member's alerts, in the order they stack (top to bottom). */
export const NOTICE_WIDGETS = [
  'mf_auth_signup/EmailReminder',
  'mf_auth_signup/NotificationsAlert',
  'mf_auth_signup/EnrichProfileAlert',
  'mf_auth_signup/PushAlert',
  'mf_payments/WelcomeBonusBanner',
] as const;

/** sessionStorage: the member folded the notices away in this tab */
export const NOTICES_FOLDED_KEY = 'shell:notices-folded';

const GAP = 8;

// the page's content column (inset like the content, not edge to edge); the alerts stand at its
// right edge, at most twice the toast width wide. The column itself lets clicks through.
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
  // nothing to show: no button either (the widgets render nothing)
  '&:not(:has(> ul > li > *))': { display: 'none' },
  // logged-in phones and tablets: above the tab bar fixed at the bottom
  [tabBarMedia]: { bottom: layout.navHeight + GAP },
});

const listStyle = css({
  width: `min(100%, ${layout.toastWidth * 2}px)`,
  display: 'flex',
  flexDirection: 'column',
  gap: GAP,
  maxHeight: '50vh',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '&[hidden]': { display: 'none' },
  '& > li:empty': { display: 'none' },
  // every card: no margin of its own (the gap spaces them), lifted off the page
  '& > li > *': { margin: 0, borderRadius: radii.md, boxShadow: shadows.md },
});

const toggleStyle = css({
  padding: '0.25rem 0.75rem',
  border: `1px solid ${colors.border}`,
  borderRadius: radii.pill,
  background: colors.surface,
  color: colors.dark,
  fontSize: '0.875rem',
  fontWeight: 600,
  boxShadow: shadows.sm,
  cursor: 'pointer',
});

function readFolded(): boolean {
  try {
    return window.sessionStorage.getItem(NOTICES_FOLDED_KEY) === '1';
  } catch {
    return false;
  }
}

export function Notices() {
  const { t } = useTranslation('shell');
  const listId = useId();
  const [folded, setFolded] = useState(readFolded);
  const toggle = () => {
    const next = !folded;
    setFolded(next);
    try {
      if (next) window.sessionStorage.setItem(NOTICES_FOLDED_KEY, '1');
      else window.sessionStorage.removeItem(NOTICES_FOLDED_KEY);
    } catch {
      // storage refused: folded for this page only
    }
  };
  return (
    <div data-slot="notices" css={[containerColumnStyle, regionStyle]}>
      <button type="button" css={toggleStyle} aria-expanded={!folded} aria-controls={listId} onClick={toggle}>
        {t(folded ? 'notices.show' : 'notices.hide')}
      </button>
      <ul id={listId} css={listStyle} hidden={folded}>
        {NOTICE_WIDGETS.map((id) => (
          <li key={id}>
            <LazyWidget id={id} idle />
          </li>
        ))}
      </ul>
    </div>
  );
}
