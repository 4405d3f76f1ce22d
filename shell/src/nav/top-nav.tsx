/**
 * Top navigation (spec section 2).
 * Logged out: brand + login button (goes to /login) + language switcher.
 * Logged in: search members, messages (unread badge), likes (new-likes badge), credits (paid
 * members, with their balance) or get premium, language switcher, account menu.
 */
import { NavLink, Link } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadges, useSession, useSettings } from '@dating/shared-kit/state';
import { mq } from '@dating/shared-kit/theme';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { NavBadge } from './nav-badge';

function NavItem({ to, icon, children }: { to: string; icon: string; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      css={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.35rem',
        padding: '0.45rem 0.7rem',
        borderRadius: 999,
        color: theme.colors.dark,
        textDecoration: 'none',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        '&:hover': { background: theme.colors.primarySoft },
        '&.active': { background: theme.colors.primarySoft, color: theme.colors.primary },
      })}
    >
      <span aria-hidden="true">{icon}</span>
      <span>{children}</span>
    </NavLink>
  );
}

export function Brand() {
  const settings = useSettings();
  return (
    <Link
      to="/"
      css={(theme) => ({
        fontWeight: 800,
        fontSize: '1.3rem',
        letterSpacing: '-0.02em',
        color: theme.colors.primary,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
      })}
    >
      {settings?.name ?? 'Dating'}
    </Link>
  );
}

export function TopNav() {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const user = useSession();
  const { unread, newLikes } = useBadges();
  return (
    <header
      css={(theme) => ({
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'rgba(255, 255, 255, 0.96)',
        backdropFilter: 'blur(6px)',
        borderBottom: `1px solid ${theme.colors.border}`,
      })}
    >
      <nav
        aria-label={t('nav.main')}
        css={{
          maxWidth: 1140,
          margin: '0 auto',
          padding: '0.6rem 1rem',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '0.5rem 0.75rem',
        }}
      >
        <Brand />
        {user ? (
          <>
            <ul
              css={{
                order: 3,
                flexBasis: '100%',
                display: 'flex',
                gap: '0.25rem',
                margin: 0,
                padding: 0,
                listStyle: 'none',
                overflowX: 'auto',
                [mq.md]: { order: 0, flexBasis: 'auto', flex: 1 },
              }}
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
                    {t('nav.credits')} ({user.credits})
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
          <div css={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
            <LanguageSwitcher compact />
            <Link
              to="/login"
              css={(theme) => ({
                padding: '0.5rem 1.1rem',
                borderRadius: 999,
                background: theme.colors.primary,
                color: 'white',
                fontWeight: 700,
                textDecoration: 'none',
                whiteSpace: 'nowrap',
              })}
            >
              {t('nav.login')}
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
