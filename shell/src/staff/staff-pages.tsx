/**
 * The shell's own staff pages: `/backoffice` sends a staff member to the first area their roles
 * open; a member (or staff without the area's role) who opens a staff page gets "staff only"
 * instead of the remote's page. This only spares them a page of refused calls: the server checks
 * the role of every `/api/backoffice/*` call.
 */
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasStaffRole, STAFF_AREAS, staffAreasFor } from '@dating/shared-kit/contracts';
import type { User } from '@dating/shared-kit/contracts';
import { buttonStyles } from '@dating/shared-kit/ui';

/** The staff area of a `/backoffice/<area>/...` path, if any. */
export function staffAreaOf(pathname: string) {
  const area = /^\/backoffice\/([^/?#]+)/i.exec(pathname)?.[1]?.toLowerCase();
  return STAFF_AREAS.find((a) => a.area === area) ?? null;
}

/** Whether `user` may open the staff page at `pathname`. */
export function mayOpenStaffPage(user: User | null, pathname: string): boolean {
  const area = staffAreaOf(pathname);
  return !!user?.is_staff && !!area && hasStaffRole(user.staff_roles, area.role);
}

export function StaffOnlyPage() {
  const { t } = useTranslation('shell');
  return (
    <section
      aria-labelledby="staff-only-title"
      css={{ display: 'grid', gap: '1rem', justifyItems: 'center', textAlign: 'center', padding: '2rem 0' }}
    >
      <h1 id="staff-only-title" css={{ margin: 0, fontSize: '1.5rem' }}>
        {t('staff.onlyTitle')}
      </h1>
      <p css={{ margin: 0 }}>{t('staff.onlyText')}</p>
      <Link to="/members" css={buttonStyles('primary', 'md')}>
        {t('staff.backToSite')}
      </Link>
    </section>
  );
}

/** `/backoffice`: on to the first area of this staff member, or "staff only". */
export function StaffHome({ user }: { user: User | null }) {
  const first = user?.is_staff ? staffAreasFor(user.staff_roles)[0] : undefined;
  return first ? <Navigate to={`/backoffice/${first.area}`} replace /> : <StaffOnlyPage />;
}
