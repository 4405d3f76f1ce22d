/**
 * Top navigation (spec section 2).
 * Logged out: brand + login button (goes to /login) + language switcher (shared-kit's top bar, one
 * copy with mf-landers' light pages).
 * Logged in: search members, messages (unread badge), likes (new-likes badge), credits (paid
 * members, with their balance) or get premium, the notices' bell, language switcher, account menu.
 */
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadges, useLanguage, useSession, useSettings } from '@dating/shared-kit/state';
import { mq } from '@dating/shared-kit/theme';
import { Brand as SiteBrand, CreditBadge, TopBar, VisitorNavActions } from '@dating/shared-kit/ui';
import { isInstalledApp, showsBackButton } from '../installed-app';
import { Notices } from '../layouts/notices';
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

/**
 * A tab (phone) or a link in the top bar (desktop). `badge` (a count, the credits): in the tab bar at
 * the icon's corner, as phones do, so the label keeps its quarter to itself and never breaks inside
 * a word ("Berich-ten" next to the unread count); in the top bar after the label.
 */
function NavItem({ to, icon, badge, children }: { to: string; icon: string; badge?: ReactNode; children: ReactNode }) {
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
        // tab bar: a long label ("Premium werden") wraps between words inside its quarter; a word is
        // only split when it cannot fit the quarter on its own
        whiteSpace: 'normal',
        textAlign: 'center',
        lineHeight: 1.15,
        overflowWrap: 'break-word',
        hyphens: 'auto',
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
      <span css={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%' }}>{children}</span>
      {badge ? (
        <span
          data-nav-badge=""
          css={{
            position: 'absolute',
            top: '0.1rem',
            insetInlineStart: 'calc(50% + 0.45rem)',
            display: 'inline-flex',
            lineHeight: 1,
            [inlineNav]: { position: 'static' },
          }}
        >
          {badge}
        </span>
      ) : null}
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
              <NavItem to="/chats" icon="✉" badge={<NavBadge count={unread} label={ts('unreadBadge', { count: unread })} />}>
                {t('nav.messages')}
              </NavItem>
            </li>
            <li>
              <NavItem to="/likes" icon="♥" badge={<NavBadge count={newLikes} label={ts('newLikesBadge', { count: newLikes })} />}>
                {t('nav.likes')}
              </NavItem>
            </li>
            <li>
              {user.paid_user ? (
                <NavItem
                  to="/credits"
                  icon="★"
                  // low-credit colours: warning at 1-10, danger at 0
                  badge={<CreditBadge credits={user.credits} />}
                >
                  {t('nav.credits')}
                </NavItem>
              ) : (
                <NavItem to="/premium" icon="★">
                  {t('nav.getPremium')}
                </NavItem>
              )}
            </li>
          </ul>
          <div css={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
            {/* the member's notices: a bell that opens a panel hanging from this bar (layouts/notices.tsx) */}
            <Notices />
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
