/**
 * The light lander page: the lander layout of spec 2 (brand bar, the lander, footer with the
 * disclaimer; the member sign-up landing in the empty layout) around a registry variant or a
 * member landing, with the data the server inlined. The server renders it (server.tsx), the
 * browser hydrates the same tree (client.tsx).
 */
import { Global, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Brand, Footer } from '@dating/shared-kit/frame';
import { globalStyles, theme } from '@dating/shared-kit/theme';
import { slugEntry } from '../landers/slugs';
import { LanderPreloadContext } from '../landers/common/preload';
import { MemberLanding } from '../landers/member/member-landings';
import { LightPageContext } from './data';
import type { LightPageData } from './data';
import { EntryWarningGate } from './entry-warning';
import { variantComponent } from './variants';

const frame = { minHeight: '100vh', display: 'flex', flexDirection: 'column' } as const;

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="content" tabIndex={-1} css={{ flex: 1, width: '100%', minHeight: '100vh', outline: 'none' }}>
      {children}
    </main>
  );
}

function Content({ data }: { data: LightPageData }) {
  const { route } = data;
  if (route.kind === 'member') return <MemberLanding kind={route.landing} />;
  const Page = variantComponent(route.variant);
  const entry = slugEntry(route.slug);
  return Page ? <Page variant={route.variant} copy={entry?.copy} gender={entry?.gender} /> : null;
}

/** Whether the light page can show this route (a variant of the build, a known slug). */
export function canRender(route: LightPageData['route']): boolean {
  if (route.slug !== undefined && !slugEntry(route.slug)) return false;
  return route.kind === 'member' || variantComponent(route.variant) !== undefined;
}

/** `after`: rendered last (the browser's hook for "hydrated"; nothing on the server) */
export function LightLanderPage({ data, i18n, after }: { data: LightPageData; i18n: I18n; after?: ReactNode }) {
  const empty = data.route.kind === 'member' && data.route.landing === 'signup';
  return (
    <LightPageContext.Provider value={data}>
      <LanderPreloadContext.Provider value={data.preload}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <Global styles={globalStyles} />
            {empty ? (
              <div css={frame} data-layout="empty">
                <Main>
                  <Content data={data} />
                </Main>
              </div>
            ) : (
              <div css={frame} data-layout="lander">
                <header css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0.75rem 1rem', background: 'white', borderBottom: `1px solid ${theme.colors.border}` }}>
                  <Brand name={data.settings?.name} />
                </header>
                <Main>
                  <Content data={data} />
                </Main>
                <Footer settings={data.settings} />
              </div>
            )}
            {data.entryWarning ? <EntryWarningGate /> : null}
            {after}
          </ThemeProvider>
        </I18nextProvider>
      </LanderPreloadContext.Provider>
    </LightPageContext.Provider>
  );
}
