import { lazy, Suspense, useEffect, useRef } from 'react';
import { Global, ThemeProvider } from '@emotion/react';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter, useLocation } from 'react-router';
import { isShellPage } from '@dating/shared-kit/contracts';
import { store, useSession, useSettings } from '@dating/shared-kit/state';
import { globalStyles, theme } from '@dating/shared-kit/theme';
import { RemoteRoutes } from './federation/remote-loader';
import { Layout, DefaultLayout } from './layouts/layouts';
import { LoadingBar } from './loading-bar';
import { LoginRequiredPage } from './pages/login-required-page';
import { NotFoundPage } from './pages/not-found-page';
import { ShellErrorBoundary } from './pages/shell-error-boundary';
import { resolveRoute } from './route-table';
import { useTitlePrefix } from './title-prefix';
import { useAppBadge } from './app-badge';
import { usePrefetch } from './prefetch';
import { useSessionLifecycle } from './session-lifecycle';
import { StaffLayout } from './staff/staff-layout';
import { mayOpenStaffPage, staffAreaOf, StaffHome, StaffOnlyPage } from './staff/staff-pages';

/** The releases page (issue 27): staff only, so in its own chunk that members never load. */
const ReleasesPage = lazy(() => import('./staff/releases-page').then((m) => ({ default: m.ReleasesPage })));

/** URL -> layout + the owning remote's pages (route-table.ts). Unknown URLs: the 404 page. */
export function ShellRoutes() {
  const { pathname } = useLocation();
  const settings = useSettings();
  const session = useSession();
  const loggedIn = session !== null;
  // Each page starts from the site's title; a remote page may then set its own (in an effect,
  // which runs after this render). Done during render so it precedes the children's effects.
  const titledPath = useRef<string | null>(null);
  if (titledPath.current !== pathname && settings?.index_title) {
    titledPath.current = pathname;
    document.title = settings.index_title;
  }
  useTitlePrefix();
  useAppBadge();
  usePrefetch();
  useSessionLifecycle();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  if (isShellPage(pathname)) {
    let page = <LoginRequiredPage />;
    if (loggedIn && !staffAreaOf(pathname)) page = <StaffHome user={session} />;
    else if (loggedIn) {
      page = mayOpenStaffPage(session, pathname) ? (
        <Suspense fallback={<div aria-busy="true" css={{ minHeight: '40vh' }} />}>
          <ReleasesPage />
        </Suspense>
      ) : (
        <StaffOnlyPage />
      );
    }
    return <StaffLayout>{page}</StaffLayout>;
  }
  const route = resolveRoute(pathname);
  if (!route) {
    return (
      <DefaultLayout>
        <NotFoundPage />
      </DefaultLayout>
    );
  }
  // a member page without a session: the one login prompt (also when a call ends the session)
  if (route.session && !loggedIn) {
    return (
      <Layout kind={route.layout}>
        <LoginRequiredPage />
      </Layout>
    );
  }
  // a staff page for a member, or for staff without the area's role (the server refuses its calls anyway)
  if (route.session === 'staff' && !mayOpenStaffPage(session, pathname)) {
    return (
      <Layout kind={route.layout}>
        <StaffOnlyPage />
      </Layout>
    );
  }
  return (
    <Layout kind={route.layout}>
      <RemoteRoutes key={route.remote} remote={route.remote} pathname={pathname} />
    </Layout>
  );
}

/** The shell: the one jotai store, the emotion theme, the router. */
export function App() {
  return (
    <JotaiProvider store={store}>
      <ThemeProvider theme={theme}>
        <Global styles={globalStyles} />
        <BrowserRouter>
          <LoadingBar />
          <ShellErrorBoundary>
            <ShellRoutes />
          </ShellErrorBoundary>
        </BrowserRouter>
      </ThemeProvider>
    </JotaiProvider>
  );
}
