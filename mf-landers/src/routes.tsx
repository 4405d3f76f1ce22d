/**
 * mf_landers' pages: the index for visitors, the static legal/help pages (real content), the
 * language chooser, the lander variants (one route per variant and slug of landers/registry.json,
 * each variant its own chunk) and the member landings. A URL that none of these match (an unknown
 * variant or slug) is left unmatched, so the shell shows its 404 page.
 */
import './i18n';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { HomePage } from './pages/home-page';
import { LangConfigPage } from './pages/lang-config-page';
import { staffRoutes } from './backoffice/staff-routes';
import { BanPage, ComplaintsPage, CookiesPage, FaqPage, PrivacyPage, ReturnPolicyPage, ServicePage, TermsPage } from './pages/legal-pages';
import { registry, slugEntry, variantPage } from './landers/registry';

const MemberLanding = lazy(() => import('./landers/member/member-landings').then((m) => ({ default: m.MemberLanding })));

/** While a lander's chunk loads: the page's height kept, so the footer does not jump. */
function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div aria-busy="true" css={{ minHeight: '80vh' }} />}>{children}</Suspense>;
}

function Lander({ variant, slug }: { variant: string; slug?: string }) {
  const entry = slugEntry(slug);
  const Page = variantPage(variant);
  return (
    <Loading>
      <Page variant={variant} copy={entry?.copy} gender={entry?.gender} />
    </Loading>
  );
}

/** `/landers/<variant>` and, for variants with slugs, `/landers/<variant>/<slug>` per slug. */
export const landerRoutes: RouteObject[] = registry.variants.flatMap((variant) => [
  { path: `/landers/${variant.name}`, element: <Lander variant={variant.name} /> },
  ...(variant.slug
    ? Object.keys(registry.slugs).map((slug) => ({
        path: `/landers/${variant.name}/${slug}`,
        element: <Lander variant={variant.name} slug={slug} />,
      }))
    : []),
]);

export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/pages/terms', element: <TermsPage /> },
  { path: '/pages/privacy', element: <PrivacyPage /> },
  { path: '/pages/cookies', element: <CookiesPage /> },
  { path: '/pages/ban', element: <BanPage /> },
  { path: '/pages/faq', element: <FaqPage /> },
  { path: '/pages/return-policy', element: <ReturnPolicyPage /> },
  { path: '/pages/service', element: <ServicePage /> },
  { path: '/complaints', element: <ComplaintsPage /> },
  { path: '/lang-config', element: <LangConfigPage /> },
  ...landerRoutes,
  {
    path: '/members/:id/landing',
    element: (
      <Loading>
        <MemberLanding kind="landing" />
      </Loading>
    ),
  },
  {
    path: '/members/:id/landing2/:slug?',
    element: (
      <Loading>
        <MemberLanding kind="landing2" />
      </Loading>
    ),
  },
  {
    path: '/members/:id/landing3/:slug?',
    element: (
      <Loading>
        <MemberLanding kind="landing3" />
      </Loading>
    ),
  },
  {
    path: '/members/:id/signup',
    element: (
      <Loading>
        <MemberLanding kind="signup" />
      </Loading>
    ),
  },
  // staff pages (issue 15): complaints, sites, audit; their code is a lazy chunk
  ...staffRoutes,
];
export default routes;
