/**
 * Top navigation (spec section 2).
 * Logged out: brand + login button (goes to /login) + language switcher (shared-kit's top bar, one
 * copy with mf-landers' light pages).
 * Logged in: search members, messages (unread badge), likes (new-likes badge), credits (paid
 * members, with their balance) or get premium, language switcher, account menu.
 */
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadges, useLanguage, useSession, useSettings } from '@dating/shared-kit/state';
import { mq } from '@dating/shared-kit/theme';
import { Brand as SiteBrand, CreditBadge, TopBar, VisitorNavActions } from '@dating/shared-kit/ui';
import { isInstalledApp, showsBackButton } from '../installed-app';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher, changeLanguage } from './language-switcher';
import { NavBadge } from './nav-badge';

/**
 * Where the member sections move from the bottom tab bar into the top bar. Below 1200 px the
 * sections (with their icons), the language switcher and the account menu do not fit one row in
 * every language: the sticky bar wrapped to two or three rows (German, French, Polish), so phones,
 * tablets and small laptops keep the tab bar. In the top bar the labels go without icons.
 */
export const inlineNav = mq.xl;
/** Below `inlineNav`: the tab bar is showing. */
export const tabBarMedia = '@media (max-width: 1199.98px)';

function NavItem({ to, icon, children }: { to: string; icon: string; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      css={(theme) => ({
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '0.1rem',
        padding: '0.4rem 0.25rem',
        borderRadius: theme.radii.md,
        color: theme.colors.dark,
        textDecoration: 'none',
        fontWeight: 600,
        fontSize: '0.72rem',
        // tab bar: a long label ("Premium werden") wraps inside its quarter instead of running off screen
        whiteSpace: 'normal',
        textAlign: 'center',
        lineHeight: 1.15,
        overflowWrap: 'anywhere',
        '&.active': { color: theme.colors.primary },
        [inlineNav]: {
          flexDirection: 'row',
          whiteSpace: 'nowrap',
          lineHeight: 'inherit',
          gap: '0.35rem',
          padding: '0.45rem 0.7rem',
          borderRadius: theme.radii.pill,
          fontSize: '1rem',
          '&:hover': { background: theme.colors.primarySoft },
          '&.active': { background: theme.colors.primarySoft },
        },
      })}
    >
      <span aria-hidden="true" css={{ fontSize: '1.25rem', lineHeight: 1, [inlineNav]: { display: 'none' } }}>
        {icon}
      </span>
      <span css={{ display: 'inline-flex', alignItems: 'center' }}>{children}</span>
    </NavLink>
  );
}

/** The site's name linking home (shared-kit's Brand, also on mf-landers' light lander page). */
export function Brand() {
  return <SiteBrand name={useSettings()?.name} />;
}

/** Only in installed-app mode, on member, likes and credits pages (spec section 2). */
function BackButton() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!isInstalledApp() || !showsBackButton(pathname)) return null;
  return (
    <button
      type="button"
      onClick={() => void navigate(-1)}
      css={(theme) => ({
        font: 'inherit',
        fontWeight: 600,
        border: 0,
        background: 'transparent',
        color: theme.colors.dark,
        padding: '0.35rem 0.5rem',
        cursor: 'pointer',
      })}
    >
      <span aria-hidden="true">← </span>
      {t('nav.back')}
    </button>
  );
}

export function TopNav() {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const user = useSession();
  const language = useLanguage();
  const { unread, newLikes } = useBadges();
  return (
    <TopBar>
    {user ? <BackButton /> : null}
    <Brand />
    {user ? (
      <>
        <ul
          css={(theme) => ({
            // up to 1199 px: a tab bar fixed to the bottom of the screen; from 1200 px: inline in the bar
            position: 'fixed',
            insetInline: 0,
            bottom: 0,
            zIndex: theme.zIndex.nav,
            display: 'grid',
            // minmax(0, 1fr): four equal quarters that never grow past the screen width
            gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
            margin: 0,
            padding: '0.2rem 0.25rem calc(0.2rem + env(safe-area-inset-bottom))',
            listStyle: 'none',
            background: theme.colors.surface,
            borderTop: `1px solid ${theme.colors.border}`,
            boxShadow: '0 -4px 16px rgba(58, 23, 56, 0.06)',
            [inlineNav]: {
              position: 'static',
              display: 'flex',
              flex: 1,
              gap: '0.25rem',
              padding: 0,
              background: 'transparent',
              border: 0,
              boxShadow: 'none',
            },
          })}
        >
          <li>
            <NavItem to="/members" icon="⌕">
              {t('nav.searchMembers')}
            </NavItem>
          </li>
          <li>
            <NavItem to="/chats" icon="✉">
              {t('nav.messages')}
              <NavBadge count={unread} label={ts('unreadBadge', { count: unread })} />
            </NavItem>
          </li>
          <li>
            <NavItem to="/likes" icon="♥">
              {t('nav.likes')}
              <NavBadge count={newLikes} label={ts('newLikesBadge', { count: newLikes })} />
            </NavItem>
          </li>
          <li>
            {user.paid_user ? (
              <NavItem to="/credits" icon="★">
                {t('nav.credits')}
                {/* low-credit colours of spec 9: warning at 1-10, danger at 0 */}
                <span css={{ marginInlineStart: '0.3rem', display: 'inline-flex' }}>
                  <CreditBadge credits={user.credits} />
                </span>
              </NavItem>
            ) : (
              <NavItem to="/premium" icon="★">
                {t('nav.getPremium')}
              </NavItem>
            )}
          </li>
        </ul>
        <div css={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
          <LanguageSwitcher compact />
          <AccountMenu name={user.profile.name} />
        </div>
      </>
    ) : (
      <VisitorNavActions language={language} onLanguage={changeLanguage} />
    )}
    </TopBar>
  );
}
