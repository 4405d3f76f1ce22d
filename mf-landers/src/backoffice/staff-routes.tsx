/**
 * The staff pages of mf_landers (issue 15), one lazily loaded chunk: members never download it.
 * `routes.tsx` mounts these under /backoffice/complaints, /backoffice/sites and /backoffice/audit.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '@dating/shared-kit/ui';

const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const Complaints = page(() => import(/* webpackChunkName: "landers-staff" */ './load').then((m) => ({ default: m.ComplaintsPage })));
const Sites = page(() => import(/* webpackChunkName: "landers-staff" */ './load').then((m) => ({ default: m.SitesPage })));
const SiteSettings = page(() => import(/* webpackChunkName: "landers-staff" */ './load').then((m) => ({ default: m.SiteSettingsPage })));
const Audit = page(() => import(/* webpackChunkName: "landers-staff" */ './load').then((m) => ({ default: m.AuditPage })));

function Lazy({ Page }: { Page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

export const staffRoutes: RouteObject[] = [
  { path: '/backoffice/complaints', element: <Lazy Page={Complaints} /> },
  { path: '/backoffice/sites', element: <Lazy Page={Sites} /> },
  { path: '/backoffice/sites/:domain', element: <Lazy Page={SiteSettings} /> },
  { path: '/backoffice/audit', element: <Lazy Page={Audit} /> },
];
