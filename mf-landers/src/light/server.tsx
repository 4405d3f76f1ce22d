/**
 * The light page on the server (built as `dist/light-server/render.cjs`; the api loads that file
 * at run time and reloads it when mf-landers is rebuilt, so a new variant is live at once): the
 * landers, the index and the legal pages.
 *
 *   plan(pathname)  -> which page this URL is and what it needs fetched (null: not a light page)
 *   render(input)   -> the whole HTML document: the page rendered, its data and the texts of the
 *                      page's language inlined, the browser part's script (light-client/manifest.json)
 *
 * The api fetches the data through its own public calls (the member search, the member, the
 * company info) and decides 404s and who gets the app instead (a logged-in member).
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import commonLocales from '@dating/shared-kit/i18n/common';
import { acceptedLanguages, detectLanguage } from '@dating/shared-kit/i18n/language';
import type { Gender, Language, Settings } from '@dating/shared-kit/contracts';
import { entryWarningForSite } from '@dating/shared-kit/frame';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import nl from '../locales/nl.json';
import pl from '../locales/pl.json';
import { slugEntry } from '../landers/slugs';
import { ENTRY_WARNING_ACCEPTED_SCRIPT, ENTRY_WARNING_ACCEPTED_STYLE } from './entry-warning';
import type { LanderPreload } from '../landers/common/preload';
import type { CompanyInfo } from '@dating/shared-kit/contracts';
import type { LegalDocument, LegalDocumentName } from '../content';
import { LEGAL_PAGE_TITLES } from '../pages/legal-document-page';
import type { LightPageData, LightPreload, LightRoute, LightTexts, MemberLandingKind } from './data';
import { createLightI18n } from './i18n';
import { LightLanderPage, canRender, layoutOf } from './page';

const LANDERS = { nl, en, de, es, fr, it, pl };

export interface LightPlan {
  route: LightRoute;
  /** a member landing: this member first (the search then takes their gender) */
  memberId?: string;
  /** a lander's member search, with this gender (a variant's slug) or the member's */
  search?: { gender?: Gender };
  /** further public GET calls whose answers the page shows: preload key -> URL */
  calls?: Record<string, string>;
  /**
   * only for a browser without a session cookie: the ban policy, whose app page shows the owner
   * of a banned member's session (which logs nobody in) a personal notice above it
   */
  noSession?: boolean;
}

/** The legal texts, every language, compiled at build time (md-loader.cjs): the page needs its own at once. */
const documents = import.meta.webpackContext('../content', {
  recursive: true,
  regExp: /^\.\/[a-z]{2}\/[a-z-]+\.md$/,
  mode: 'sync',
}) as unknown as (id: string) => { default: LegalDocument };

/** The legal pages of the light page (the ban policy only without a session: see LightPlan.noSession). */
const LIGHT_LEGAL = Object.keys(LEGAL_PAGE_TITLES) as LegalDocumentName[];
const LEGAL = /^\/pages\/([a-z-]+)\/?$/;

const VARIANT = /^\/landers\/([a-z0-9-]+)(?:\/([^/]+))?\/?$/;
const MEMBER = /^\/members\/(\d{1,9})\/(landing|landing2|landing3|signup)(?:\/([^/]+))?\/?$/;

export function plan(pathname: string): LightPlan | null {
  if (pathname === '/') return { route: { kind: 'home' } };
  if (/^\/pages\/service\/?$/.test(pathname)) return { route: { kind: 'service' } };
  const legal = LEGAL.exec(pathname)?.[1] as LegalDocumentName | undefined;
  if (legal)
    return LIGHT_LEGAL.includes(legal)
      ? {
          route: { kind: 'page', page: legal },
          calls: { company: '/api/companyinfo.php' },
          ...(legal === 'ban' ? { noSession: true } : {}),
        }
      : null;
  const variant = VARIANT.exec(pathname);
  if (variant) {
    const route: LightRoute = {
      kind: 'variant',
      variant: variant[1] ?? '',
      ...(variant[2] ? { slug: decodeURIComponent(variant[2]) } : {}),
    };
    if (!canRender(route)) return null;
    return { route, search: { gender: slugEntry(route.slug)?.gender } };
  }
  const member = MEMBER.exec(pathname);
  if (member) {
    const landing = member[2] as MemberLandingKind;
    if (member[3] && (landing === 'landing' || landing === 'signup')) return null;
    const route: LightRoute = {
      kind: 'member',
      landing,
      id: member[1] ?? '',
      ...(member[3] ? { slug: decodeURIComponent(member[3]) } : {}),
    };
    return canRender(route) ? { route, memberId: route.id, search: {} } : null;
  }
  return null;
}

export interface RenderInput {
  plan: LightPlan;
  pathname: string;
  search: string;
  settings: Settings | null;
  /** what the shell reads as window.__BOOT__ when it starts on this page (upgrade.ts) */
  boot: unknown;
  languageCookie?: string;
  acceptLanguage?: string;
  /** the answers of the plan's calls: the lander's `search` and `member`, a legal page's `company` */
  preload: Partial<LanderPreload> & { company?: { companyinfo: CompanyInfo } | null };
  /** the shell's start scripts */
  appScripts: string[];
}

/** JSON for an inline <script>: nothing in it can end the script. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttr(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The texts this page shows, in its language only. */
function textsFor(language: Language, route: LightRoute): LightTexts {
  const common = commonLocales[language];
  const own = LANDERS[language];
  const shared = {
    footer: common.footer,
    disclaimer: common.disclaimer,
    fictional: common.fictional,
    entryWarning: common.entryWarning,
    actions: { close: common.actions.close },
    status: { loading: common.status.loading },
  };
  const texts: LightTexts = {
    [language]:
      layoutOf(route) === 'default'
        ? {
            landers: {
              home: own.home,
              pages: { loading: own.pages.loading, loadFailed: own.pages.loadFailed, toc: own.pages.toc, service: own.pages.service },
            },
            common: {
              ...shared,
              nav: {
                main: common.nav.main,
                skipToContent: common.nav.skipToContent,
                language: common.nav.language,
                login: common.nav.login,
              },
            },
          }
        : { landers: { landers: own.landers, pages: { loading: own.pages.loading } }, common: shared },
  };
  return texts;
}

/** The client build's entry scripts (read once per loaded render.cjs: both come from one build). */
const clientScripts: string[] = (() => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'light-client', 'manifest.json'), 'utf8')) as {
    client: { js: string[] };
  };
  return manifest.client.js.map((file) => `${__webpack_public_path__}${file}`);
})();

declare const __webpack_public_path__: string;

/**
 * The browser part starts once the page has loaded and the frame after it is painted (its content,
 * styles and first picture are in the HTML already): its download and start compete neither with
 * them nor with painting the top photo, the page's largest paint. A hidden tab starts it at load.
 * A button pressed or a choice made (the language) before it has hydrated is remembered and made
 * again once it has (client.tsx), so nothing the visitor did is lost.
 */
function startClient(srcs: string[]): string {
  return `(function(){var q=window.__LANDER_PRESSED__=[],c=window.__LANDER_CHOSEN__=[];document.addEventListener('click',function(e){if(window.__LANDER_HYDRATED__)return;var b=e.target&&e.target.closest&&e.target.closest('button');if(b){e.preventDefault();q.push(b);}},true);document.addEventListener('change',function(e){if(!window.__LANDER_HYDRATED__&&e.target&&e.target.tagName==='SELECT')c.push({select:e.target,value:e.target.value});},true);function go(){${JSON.stringify(srcs)}.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s);});}function later(){if(document.visibilityState==='visible')requestAnimationFrame(function(){setTimeout(go,0);});else go();}if(document.readyState==='complete')later();else addEventListener('load',later);})();`;
}

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23e5307a' d='M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.2 0 3.6 1.2 4.5 2.6.9-1.4 2.3-2.6 4.5-2.6 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z'/%3E%3C/svg%3E";

export function render(input: RenderInput): string {
  const { settings } = input;
  const language = detectLanguage({
    cookie: input.languageCookie,
    domainLanguage: settings?.domain_language,
    browser: acceptedLanguages(input.acceptLanguage),
  });
  const { route } = input.plan;
  const popup = settings?.enable_site_entry_popup !== false;
  const layout = layoutOf(route);
  const { company, ...lander } = input.preload;
  const preload: LightPreload = { search: lander.search ?? null, ...(lander.member ? { member: lander.member } : {}) };
  if (route.kind === 'page')
    preload.legal = {
      name: route.page,
      lng: language,
      doc: documents(`./${language}/${route.page}.md`).default,
      company: company?.companyinfo ?? null,
    };
  const data: LightPageData = {
    route,
    location: { pathname: input.pathname, search: input.search },
    language,
    settings,
    texts: textsFor(language, route),
    preload,
    // the lander layout shows it on Dutch and German sites only, the others everywhere
    entryWarning: popup && (layout !== 'lander' || entryWarningForSite(settings)),
    app: { scripts: input.appScripts },
  };
  const rendered = renderToString(<LightLanderPage data={data} i18n={createLightI18n(data)} />);
  // React puts the preloads of what the page needs first (the top photo: MemberPhoto) before the
  // content; they belong in the head, before anything else the browser reads
  const preloads = /^(?:<link\b[^>]*>)*/.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(preloads.length);
  // the page's title: the site's on the index, else the page's headline (the page sets it again in the browser)
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1]?.replace(/<[^>]*>/g, '');
  const title = (route.kind !== 'home' && h1) || escapeAttr(settings?.index_title ?? '');
  const scripts = `<script>${startClient(clientScripts)}</script>`;
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="theme-color" content="#e5307a">',
    `<link rel="manifest" href="/manifest.webmanifest"><link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"><link rel="icon" href="${ICON}">`,
    // the build this page comes from, marked as the remote marks itself (build-mark-plugin.js)
    `<meta name="mf-build:mf_landers" content="${escapeAttr(__BUILD_ID__)}">`,
    `<title>${title}</title>`,
    preloads,
    `<script>window.__BOOT__=${inlineJson(input.boot)}</script>`,
    // the warning is in the HTML, open: hidden before the first paint for a visitor who accepted it
    data.entryWarning ? `<script>${ENTRY_WARNING_ACCEPTED_SCRIPT}</script><style>${ENTRY_WARNING_ACCEPTED_STYLE}</style>` : '',
    scripts,
    // the page's data after its content: the browser reads the lander (and finds its photos) first
    `</head><body><div id="root"><div id="lander">${body}</div></div>`,
    `<script id="lander-data" type="application/json">${inlineJson(data)}</script></body></html>`,
  ].join('');
}
