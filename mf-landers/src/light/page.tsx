/**
 * The light page: mf-landers' pages that a visitor reaches first, outside the app, with the data
 * the server inlined. The server renders it (server.tsx), the browser hydrates the same tree
 * (client.tsx).
 * - the lander layout (brand bar, the lander, footer with the disclaimer; the member
 *   sign-up landing in the empty layout) around a registry variant or a member landing;
 * - the default layout (shared-kit's top bar with a visitor's language choice and login button,
 *   footer) around the index, a legal page or the service page, the same components the app shows there.
 */
import { Global, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Brand, Footer, LanderBar, PageMain, SkipLink, TopBar, VisitorNavActions, pageFrameStyle } from '@dating/shared-kit/frame';
import { writeLanguageCookie } from '@dating/shared-kit/i18n/language';
import type { Language } from '@dating/shared-kit/contracts';
import { globalStyles, theme } from '@dating/shared-kit/theme';
import { slugEntry } from '../landers/slugs';
import { LanderPreloadContext } from '../landers/common/preload';
import { MemberLanding } from '../landers/member/member-landings';
import { HomePage } from '../pages/home-page';
import { ServicePage } from '../pages/service-page';
import { LEGAL_PAGE_TITLES, LegalDocumentPage, LegalPreloadContext } from '../pages/legal-document-page';
import { LightPageContext } from './data';
import type { LightPageData } from './data';
import { EntryWarningGate } from './entry-warning';
import { variantComponent } from './variants';

function Content({ data }: { data: LightPageData }) {
  const { route } = data;
  if (route.kind === 'member') return <MemberLanding kind={route.landing} />;
  if (route.kind === 'home') return <HomePage />;
  if (route.kind === 'service') return <ServicePage />;
  if (route.kind === 'page') return <LegalDocumentPage name={route.page} titleKey={LEGAL_PAGE_TITLES[route.page]} />;
  const Page = variantComponent(route.variant);
  const entry = slugEntry(route.slug);
  return Page ? <Page variant={route.variant} copy={entry?.copy} gender={entry?.gender} /> : null;
}

/** Whether the light page can show this route (a variant of the build, a known slug). */
export function canRender(route: LightPageData['route']): boolean {
  if (route.kind === 'home' || route.kind === 'page' || route.kind === 'service') return true;
  if (route.slug !== undefined && !slugEntry(route.slug)) return false;
  return route.kind === 'member' || variantComponent(route.variant) !== undefined;
}

/** A language chosen on the light page: the cookie the app reads too, and this page again in it. */
function chooseLanguage(language: Language): void {
  writeLanguageCookie(language);
  window.location.reload();
}

type Layout = 'lander' | 'empty' | 'default';

export function layoutOf(route: LightPageData['route']): Layout {
  if (route.kind === 'home' || route.kind === 'page' || route.kind === 'service') return 'default';
  return route.kind === 'member' && route.landing === 'signup' ? 'empty' : 'lander';
}

function Frame({ data }: { data: LightPageData }) {
  const layout = layoutOf(data.route);
  if (layout === 'empty') {
    return (
      <div css={pageFrameStyle} data-layout="empty">
        <PageMain>
          <Content data={data} />
        </PageMain>
      </div>
    );
  }
  return (
    <div css={pageFrameStyle} data-layout={layout}>
      {layout === 'default' ? (
        <>
          <SkipLink />
          <TopBar>
            <Brand name={data.settings?.name} />
            <VisitorNavActions language={data.language} onLanguage={chooseLanguage} />
          </TopBar>
        </>
      ) : (
        <LanderBar>
          <Brand name={data.settings?.name} />
        </LanderBar>
      )}
      <PageMain>
        <Content data={data} />
      </PageMain>
      <Footer settings={data.settings} />
    </div>
  );
}

/** `after`: rendered last (the browser's hook for "hydrated"; nothing on the server) */
export function LightLanderPage({ data, i18n, after }: { data: LightPageData; i18n: I18n; after?: ReactNode }) {
  return (
    <LightPageContext.Provider value={data}>
      <LanderPreloadContext.Provider value={data.preload}>
        <LegalPreloadContext.Provider value={data.preload.legal ?? null}>
          <I18nextProvider i18n={i18n}>
            <ThemeProvider theme={theme}>
              <Global styles={globalStyles} />
              <Frame data={data} />
              {data.entryWarning ? <EntryWarningGate /> : null}
              {after}
            </ThemeProvider>
          </I18nextProvider>
        </LegalPreloadContext.Provider>
      </LanderPreloadContext.Provider>
    </LightPageContext.Provider>
  );
}
