import type { RouteObject } from 'react-router';
import './i18n';
import { LikesPage } from './pages/likes-page';
import { MatchFinderPage } from './pages/match-finder-page';
import { MemberPage } from './pages/member-page';
import { NotificationsPage } from './pages/notifications-page';
import { ProfilePage } from './pages/profile-page';
import { SearchPage } from './pages/search-page';
import { SwipePage } from './pages/swipe-page';

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
  // the shell routes /profile/* here too (deep links into the profile screen)
  { path: '/profile/*', element: <ProfilePage /> },
  { path: '/notifications', element: <NotificationsPage /> },
];
export default routes;
