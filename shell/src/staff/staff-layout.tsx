/**
 * The staff layout (issue 15): a slim bar with the brand, "Beheer" and the areas this staff
 * member's roles open (STAFF_AREAS, the same table the server's role checks follow), the page of
 * the owning remote below it, no member widgets (alerts, modals, entry warning). Works on a tablet:
 * the area links wrap.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { staffAreasFor } from '@dating/shared-kit/contracts';
import { useSession } from '@dating/shared-kit/state';
import { pageFrameStyle } from '@dating/shared-kit/ui';
import { Brand } from '../nav/top-nav';

export function StaffLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const areas = staffAreasFor(session?.is_staff ? session.staff_roles : []);
  return (
    <div css={pageFrameStyle} data-layout="staff">
      <header
        css={(theme) => ({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '0.5rem 1.25rem',
          padding: '0.5rem 1rem',
          background: 'white',
          borderBottom: `1px solid ${theme.colors.border}`,
        })}
      >
        <Brand />
        <strong>{t('staff.title')}</strong>
        {areas.length > 0 && (
          <nav aria-label={t('staff.navLabel')} css={{ flex: 1 }}>
            <ul css={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.75rem', listStyle: 'none', margin: 0, padding: 0 }}>
              {areas.map(({ area }) => (
                <li key={area}>
                  <NavLink
                    to={`/backoffice/${area}`}
                    css={(theme) => ({
                      display: 'inline-block',
                      padding: '0.4rem 0.6rem',
                      borderRadius: theme.radii.md,
                      color: theme.colors.dark,
                      '&[aria-current="page"]': { background: theme.colors.primary, color: theme.colors.onPrimary },
                    })}
                  >
                    {t(`staff.areas.${area}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <NavLink to="/members" css={{ marginLeft: 'auto' }}>
          {t('staff.backToSite')}
        </NavLink>
      </header>
      <main id="content" tabIndex={-1} css={{ flex: 1, width: '100%', padding: '1rem', outline: 'none' }}>
        {children}
      </main>
    </div>
  );
}
