import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { lazyWithTexts, useTranslation } from '@dating/shared-kit/i18n';
import { getSession } from '@dating/shared-kit/state';
import { Spinner } from '@dating/shared-kit/ui';
import { searchEarly } from './pages/search-query';
import './i18n';

// Each page is a chunk of its own: /members downloads the search page, not the profile editor or
// the verification texts. While one loads, the shell's page area keeps its place (no layout shift).
// the search's answer is asked for beside the page's chunk, not after it (search-query.ts)
const SearchPage = lazyWithTexts(() => {
  searchEarly(new URLSearchParams(window.location.search), getSession());
  return import(/* webpackChunkName: "page-search" */ './pages/search-page');
}, 'SearchPage');
const MemberPage = lazyWithTexts(() => import(/* webpackChunkName: "page-member" */ './pages/member-page'), 'MemberPage');
const LikesPage = lazyWithTexts(() => import(/* webpackChunkName: "page-likes" */ './pages/likes-page'), 'LikesPage');
const SwipePage = lazyWithTexts(() => import(/* webpackChunkName: "page-swipe" */ './pages/swipe-page'), 'SwipePage');
const MatchFinderPage = lazyWithTexts(
  () => import(/* webpackChunkName: "page-match-finder" */ './pages/match-finder-page'),
  'MatchFinderPage',
);
const ProfilePage = lazyWithTexts(() => import(/* webpackChunkName: "page-profile" */ './pages/profile-page'), 'ProfilePage');
const VerificationPage = lazyWithTexts(
  () => import(/* webpackChunkName: "page-verification" */ './verification/verification-page'),
  'VerificationPage',
);
const NotificationsPage = lazyWithTexts(
  () => import(/* webpackChunkName: "page-notifications" */ './pages/notifications-page'),
  'NotificationsPage',
);

/**
 * The moderators' pages (issue 15): their own chunks, loaded when a staff page is opened, so a
 * member never downloads staff code (the shell also checks the role before it gets here).
 */
const withStaffTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    import('./staff/i18n').then(load);
const PhotoQueuePage = lazy(withStaffTexts(() => import('./staff/photo-queue-page')));
const MembersPage = lazy(withStaffTexts(() => import('./staff/members-page')));
const MemberDetailPage = lazy(withStaffTexts(() => import('./staff/member-detail-page')));
const BansPage = lazy(withStaffTexts(() => import('./staff/bans-page')));
// reports (issue 26): their own texts too, in the same staff chunks
const withReportTexts = <T,>(load: () => Promise<T>) => withStaffTexts(() => import('./staff/reports/i18n').then(load));
const ReportsPage = lazy(withReportTexts(() => import('./staff/reports/reports-page')));
const ReportDetailPage = lazy(withReportTexts(() => import('./staff/reports/report-detail-page')));
const VerificationsPage = lazy(withStaffTexts(() => import('./staff/verifications-page')));
function StaffLoading() {
  const { t } = useTranslation('members');
  return <Spinner label={t('common.loading')} />;
}
function staff(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<StaffLoading />}>
      <Page />
    </Suspense>
  );
}

/** The members area (absolute paths, spec section 2). The shell mounts the layout. */
export const routes: RouteObject[] = [
  { path: '/members', element: <SearchPage /> },
  { path: '/members/:id', element: <MemberPage /> },
  { path: '/likes', element: <LikesPage /> },
  { path: '/likes/m/:id', element: <MemberPage /> },
  { path: '/likes/:type', element: <LikesPage /> },
  { path: '/swipe-game', element: <SwipePage /> },
  { path: '/match-finder', element: <MatchFinderPage /> },
  { path: '/profile', element: <ProfilePage /> },
  // verified photos (issue 26): the member asks here
  { path: '/profile/verification', element: <VerificationPage /> },
  // the shell routes /profile/* here too (deep links into the profile screen)
  { path: '/profile/*', element: <ProfilePage /> },
  { path: '/notifications', element: <NotificationsPage /> },
  // back office (staff layout, role moderator)
  { path: '/backoffice/photos', element: staff(PhotoQueuePage) },
  { path: '/backoffice/members', element: staff(MembersPage) },
  { path: '/backoffice/members/:id', element: staff(MemberDetailPage) },
  { path: '/backoffice/bans', element: staff(BansPage) },
  { path: '/backoffice/reports', element: staff(ReportsPage) },
  { path: '/backoffice/reports/:id', element: staff(ReportDetailPage) },
  { path: '/backoffice/verifications', element: staff(VerificationsPage) },
];
export default routes;
