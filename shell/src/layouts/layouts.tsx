/**
 * The four layouts of spec section 2. A layout surrounds the remote's page; remotes never render
 * navigation or footers. Widgets of other remotes (modals, alerts, banners) are mounted here
 * through the same contained loader as pages, so a missing remote only loses its widget.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, useSettings } from '@dating/shared-kit/state';
import { containerColumnStyle } from '@dating/shared-kit/ui';
import { RemoteWidget } from '../federation/remote-loader';
import { ENTRY_WARNING_HIDDEN } from '../route-table';
import type { LayoutKind } from '../route-table';
import { entryWarningForSite } from '../site-language';
import { Footer } from './footer';
import { Brand, TopNav, tabBarMedia } from '../nav/top-nav';

const page = { minHeight: '100vh', display: 'flex', flexDirection: 'column' } as const;

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="content" tabIndex={-1} css={{ flex: 1, width: '100%', outline: 'none' }}>
      {children}
    </main>
  );
}

function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#content"
      css={(theme) => ({
        position: 'absolute',
        left: '0.5rem',
        top: '-3rem',
        zIndex: theme.zIndex.loadingBar,
        padding: '0.5rem 1rem',
        borderRadius: theme.radii.md,
        background: theme.colors.dark,
        color: theme.colors.onPrimary,
        '&:focus': { top: '0.5rem' },
      })}
    >
      {t('nav.skipToContent')}
    </a>
  );
}

export function DefaultLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const showEntryWarning = !(ENTRY_WARNING_HIDDEN as readonly string[]).includes(pathname.replace(/\/+$/, ''));
  const loggedIn = useSession() !== null;
  return (
    // logged-in phones and tablets have the tab bar fixed at the bottom: keep the footer clear of it
    <div css={[page, loggedIn && { [tabBarMedia]: { paddingBottom: 64 } }]} data-layout="default">
      <SkipLink />
      <TopNav />
      {/* notices line up with the page's content (inset like it), not edge to edge */}
      <div data-slot="warnings" css={[containerColumnStyle, { '&:has(*)': { paddingTop: 16 } }]}>
        <RemoteWidget id="mf_auth_signup/EmailReminder" />
        <RemoteWidget id="mf_auth_signup/NotificationsAlert" />
        <RemoteWidget id="mf_auth_signup/EnrichProfileAlert" />
        <RemoteWidget id="mf_payments/WelcomeBonusBanner" />
      </div>
      <Main>{children}</Main>
      <Footer />
      {showEntryWarning ? <RemoteWidget id="mf_auth_signup/EntryWarning" /> : null}
      <RemoteWidget id="mf_auth_signup/SignupModal" />
      <RemoteWidget id="mf_payments/TimeBonusModal" />
      <RemoteWidget id="mf_members/LikeModal" />
      <RemoteWidget id="mf_members/MatchModal" />
    </div>
  );
}

export function ChatLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div css={page} data-layout="chat">
      <Main>{children}</Main>
      {entryWarningForSite(settings) ? <RemoteWidget id="mf_auth_signup/EntryWarning" /> : null}
    </div>
  );
}

export function LanderLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div css={page} data-layout="lander">
      <header
        css={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '0.75rem 1rem',
          background: 'white',
          borderBottom: `1px solid ${theme.colors.border}`,
        })}
      >
        <Brand />
      </header>
      <Main>{children}</Main>
      <Footer />
      {entryWarningForSite(settings) ? <RemoteWidget id="mf_auth_signup/EntryWarning" /> : null}
      <RemoteWidget id="mf_auth_signup/SignupModal" />
    </div>
  );
}

export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <div css={page} data-layout="empty">
      <Main>{children}</Main>
      <RemoteWidget id="mf_auth_signup/EntryWarning" />
      <RemoteWidget id="mf_auth_signup/SignupModal" />
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
    default:
      return <DefaultLayout>{children}</DefaultLayout>;
  }
}
