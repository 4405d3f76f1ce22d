/**
 * mf_landers' pages: the index for visitors, the static legal/help pages (real content), the
 * language chooser, and the lander variants (placeholders until the landers capability; see
 * docs/placeholders.md). New lander variants are added to LANDER_VARIANTS only.
 */
import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Container, PlaceholderPage } from '@dating/shared-kit/ui';
import { useSession } from '@dating/shared-kit/state';
import { NAMESPACE } from './i18n';
import { HomePage, useOpenSignup } from './pages/home-page';
import { LangConfigPage } from './pages/lang-config-page';
import { staffRoutes } from './backoffice/staff-routes';
import {
  BanPage, ComplaintsPage, CookiesPage, FaqPage, PrivacyPage, ReturnPolicyPage, ServicePage, TermsPage,
} from './pages/legal-pages';

/** Lander variants of spec section 2 (`/landers/<variant>/<slug?>`). */
export const LANDER_VARIANTS = [
  'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video',
] as const;

function LanderPlaceholder({ titleKey }: { titleKey: 'landers.title' | 'landers.memberLanding' | 'landers.memberSignup' }) {
  const { t } = useTranslation(NAMESPACE);
  const openSignup = useOpenSignup();
  const loggedIn = useSession() !== null;
  const title = t(titleKey);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Container>
      <PlaceholderPage title={title} />
      {loggedIn ? null : (
        <p css={{ textAlign: 'center' }}>
          <Button onClick={openSignup}>{t('home.signup')}</Button>
        </p>
      )}
    </Container>
  );
}

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
  { path: '/landers/tinderswipe', element: <LanderPlaceholder titleKey="landers.title" /> },
  ...LANDER_VARIANTS.map((variant) => ({ path: `/landers/${variant}/:slug?`, element: <LanderPlaceholder titleKey="landers.title" /> })),
  { path: '/members/:id/landing', element: <LanderPlaceholder titleKey="landers.memberLanding" /> },
  { path: '/members/:id/landing2/:slug?', element: <LanderPlaceholder titleKey="landers.memberLanding" /> },
  { path: '/members/:id/landing3/:slug?', element: <LanderPlaceholder titleKey="landers.memberLanding" /> },
  { path: '/members/:id/signup', element: <LanderPlaceholder titleKey="landers.memberSignup" /> },
  // staff pages (issue 15): complaints, sites, audit; their code is a lazy chunk
  ...staffRoutes,
];
export default routes;
