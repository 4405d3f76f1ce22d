/**
 * A long legal/help page: its title (the footer link's own name, so link text = page title), a
 * table of contents of its `##` sections, and the text of content/<lng>/<name>.md loaded on
 * demand, with the site's settings and company info filled in. Links inside the text to pages of
 * the site are followed in the app (no full reload). On mf-landers' light page the text and the
 * company info come inlined (LegalPreloadContext): nothing is fetched.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CompanyInfo } from '@dating/shared-kit/contracts';
import { useSettings } from '@dating/shared-kit/state';
import { loadDocument } from '../content';
import type { LegalDocument, LegalDocumentName } from '../content';
import { fillPlaceholders, placeholderValues } from '../content/fill';
import { NAMESPACE } from '../namespace';
import { StaticPage } from './static-page';

/** /api/companyinfo.php, loaded once per page load (spec section 7); null when it fails. */
let companyInfo: Promise<CompanyInfo | null> | null = null;
export function loadCompanyInfo(): Promise<CompanyInfo | null> {
  companyInfo ??= import('./fetch')
    .then(({ fetchCompanyInfo }) => fetchCompanyInfo())
    .then(
      (info) => info,
      () => {
        companyInfo = null;
        return null;
      },
    );
  return companyInfo;
}

/** The footer's names of the pages (common namespace): one name per page everywhere. */
export type PageNameKey = 'terms' | 'privacy' | 'cookies' | 'ban' | 'returnPolicy' | 'faq' | 'support' | 'complaints';
export function usePageTitle(key: PageNameKey): string {
  const { t } = useTranslation('common');
  return t(`footer.${key}`);
}

export interface LegalPreload {
  name: LegalDocumentName;
  lng: string;
  doc: LegalDocument;
  company: CompanyInfo | null;
}
type Loaded = Omit<LegalPreload, 'name'>;

/** The page's text and company info, given by the light page's server (absent in the app). */
export const LegalPreloadContext = createContext<LegalPreload | null>(null);

/** The legal pages by URL (/pages/<slug>) with the footer name each carries as its title. */
export const LEGAL_PAGE_TITLES = {
  terms: 'terms',
  privacy: 'privacy',
  cookies: 'cookies',
  faq: 'faq',
  'return-policy': 'returnPolicy',
  ban: 'ban',
} as const satisfies Record<LegalDocumentName, PageNameKey>;

export function LegalDocumentPage({ name, titleKey, before }: { name: LegalDocumentName; titleKey: PageNameKey; before?: ReactNode }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const title = usePageTitle(titleKey);
  const settings = useSettings();
  const navigate = useNavigate();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const preload = useContext(LegalPreloadContext);
  const given = preload?.name === name && preload.lng === lng ? preload : null;
  const [loaded, setLoaded] = useState<Loaded | null>(given);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (given) return undefined;
    let live = true;
    setFailed(false);
    Promise.all([loadDocument(name, lng), loadCompanyInfo()]).then(
      ([doc, company]) => live && setLoaded({ lng, doc, company }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [name, lng, given]);

  const html = useMemo(
    () => (loaded ? fillPlaceholders(loaded.doc.html, placeholderValues(settings, loaded.company, loaded.lng)) : ''),
    [loaded, settings],
  );

  /** same-site links in the text: client-side navigation */
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/') || link.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    <StaticPage title={title}>
      {before}
      {failed ? (
        <p role="alert">{t('pages.loadFailed')}</p>
      ) : !loaded ? (
        <p role="status" css={{ minHeight: '60vh' }}>
          {t('pages.loading')}
        </p>
      ) : (
        <>
          {loaded.doc.toc.length > 2 ? (
            <nav aria-label={t('pages.toc')} css={{ margin: '0 0 1.5rem', padding: '0.75rem 1rem', borderLeft: '3px solid currentColor' }}>
              <p css={{ margin: '0 0 0.25rem', fontWeight: 700 }}>{t('pages.toc')}</p>
              <ol css={{ margin: 0, paddingLeft: '1.25rem' }}>
                {loaded.doc.toc.map((entry) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`}>{entry.text}</a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          {/* trusted HTML: compiled at build time from our own Markdown; the filled values are escaped */}
          {/* overflow-wrap: a long word (a storage key in the cookie table) breaks at the edge instead of widening the page */}
          <div onClick={onClick} css={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
        </>
      )}
    </StaticPage>
  );
}
