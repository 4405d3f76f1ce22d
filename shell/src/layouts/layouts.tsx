/**
 * The four layouts of spec section 2, and the staff layout (staff/staff-layout.tsx). A layout surrounds the remote's page; remotes never render
 * navigation or footers. Widgets of other remotes (modals, alerts, banners) are mounted here
 * through the same contained loader as pages, so a missing remote only loses its widget, and only
 * when needed (lazy-widget.tsx): a member's alerts (notices.tsx: behind a bell in the top bar,
 * the urgent one inline on the overview in space reserved at first render) and the time-bonus
 * modal once the page is idle, the like and match modals when their event comes, the sign-up
 * modal on idle or on `signup:open`, the entry warning at once for a visitor who has not
 * accepted it yet (the sign-up modal at once when mf-landers' light lander page started the shell
 * for it: window.__OPEN_SIGNUP__). `<main>` is at least a screen high, so the footer starts below the fold and
 * does not jump when the remote's page arrives.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { bus } from '@dating/shared-kit/bus';
import { useLocation } from 'react-router';
import { useSession, useSettings } from '@dating/shared-kit/state';
import { ENTRY_WARNING_KEY } from '@dating/shared-kit/contracts';
import { LanderBar, PageMain, SkipLink, pageFrameStyle } from '@dating/shared-kit/ui';
import { RemoteWidget } from '../federation/remote-loader';
import { ENTRY_WARNING_HIDDEN } from '../route-table';
import type { LayoutKind } from '../route-table';
import { entryWarningForSite } from '../site-language';
import { Footer } from './footer';
import { Brand, TopNav, tabBarMedia } from '../nav/top-nav';
import { LazyWidget } from './lazy-widget';
import { UrgentNotice } from './notices';
import { StaffLayout } from '../staff/staff-layout';

/** Whether this visitor has accepted the site-entry warning already (then its remote is not loaded). */
function entryWarningAccepted(): boolean {
  try {
    return window.localStorage.getItem(ENTRY_WARNING_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The entry warning for a logged-out visitor who has not accepted it yet, on a site that shows
 * it; whether it opens (installed app, hidden pages, ...) stays the widget's decision.
 */
function EntryWarning() {
  const loggedIn = useSession() !== null;
  const settings = useSettings();
  if (loggedIn || settings?.enable_site_entry_popup === false || entryWarningAccepted()) return null;
  return <RemoteWidget id="mf_auth_signup/EntryWarning" />;
}

/**
 * The sign-up modal: a visitor's widget, loaded on idle or at once on `signup:open`. Once it is
 * there it stays for this page: creating the account logs the new member in while the modal
 * still shows its last steps (welcome, activation mail).
 */
function SignupModal() {
  const visitor = useSession() === null;
  const [opened, setOpened] = useState(false);
  useEffect(() => bus.on('signup:open', () => setOpened(true)), []);
  // started from mf-landers' light lander page by its call to action (window.__OPEN_SIGNUP__):
  // open at once, now that the widget's loader (a child, subscribed first) listens
  useEffect(() => {
    if (!window.__OPEN_SIGNUP__) return;
    window.__OPEN_SIGNUP__ = false;
    bus.emit('signup:open', {});
  }, []);
  return visitor || opened ? <LazyWidget id="mf_auth_signup/SignupModal" idle openOn="signup:open" /> : null;
}

export function DefaultLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const showEntryWarning = !(ENTRY_WARNING_HIDDEN as readonly string[]).includes(pathname.replace(/\/+$/, ''));
  const loggedIn = useSession() !== null;
  return (
    // logged-in phones and tablets have the tab bar fixed at the bottom: keep the footer clear of it
    <div css={[pageFrameStyle, loggedIn && { [tabBarMedia]: { paddingBottom: 64 } }]} data-layout="default">
      <SkipLink />
      <TopNav />
      <PageMain>
        {/* mail to the member bounces: the one notice inline, on the overview, in space reserved from the start */}
        {loggedIn ? <UrgentNotice /> : null}
        {children}
      </PageMain>
      <Footer />
      {showEntryWarning ? <EntryWarning /> : null}
      <SignupModal />
      {loggedIn ? (
        <>
          <LazyWidget id="mf_payments/TimeBonusModal" idle />
          {/* they open on their event only: loaded when it comes, not on every page a member opens */}
          <LazyWidget id="mf_members/LikeModal" openOn="like:open" />
          <LazyWidget id="mf_members/MatchModal" openOn="match:new" />
        </>
      ) : null}
    </div>
  );
}

export function ChatLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div css={pageFrameStyle} data-layout="chat">
      <PageMain>{children}</PageMain>
      {entryWarningForSite(settings) ? <EntryWarning /> : null}
    </div>
  );
}

export function LanderLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div css={pageFrameStyle} data-layout="lander">
      <LanderBar>
        <Brand />
      </LanderBar>
      <PageMain>{children}</PageMain>
      <Footer />
      {entryWarningForSite(settings) ? <EntryWarning /> : null}
      <SignupModal />
    </div>
  );
}

export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <div css={pageFrameStyle} data-layout="empty">
      <PageMain>{children}</PageMain>
      <EntryWarning />
      <SignupModal />
    </div>
  );
}

export function Layout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  switch (kind) {
    case 'chat':
      return <ChatLayout>{children}</ChatLayout>;
    case 'lander':
      return <LanderLayout>{children}</LanderLayout>;
    case 'empty':
      return <EmptyLayout>{children}</EmptyLayout>;
    case 'staff':
      return <StaffLayout>{children}</StaffLayout>;
    default:
      return <DefaultLayout>{children}</DefaultLayout>;
  }
}
