/**
 * The long legal and help texts (terms, privacy, cookies, refund policy, ban policy, FAQ) as
 * content: one Markdown file per page and language under `content/<lng>/<page>.md`, compiled to
 * `{ html, toc }` at build time (md-loader.cjs). Each file is its own lazily loaded chunk: a page
 * fetches only its own text in the reader's language, nothing of it is in the routes' code.
 * `{placeholder}` words are filled at render time from the site's settings and company info
 * (fill.ts).
 */
import { isLanguage } from '@dating/shared-kit/i18n/language';

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies', 'return-policy', 'ban', 'faq'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

export interface LegalDocument {
  /** trusted HTML compiled from our own Markdown; placeholders still in it */
  html: string;
  /** the `##` headings: the table of contents */
  toc: Array<{ id: string; text: string }>;
}

/** The text of `name` in `lng` (Dutch, the reference, for anything else). */
export async function loadDocument(name: LegalDocumentName, lng: string): Promise<LegalDocument> {
  const lang = isLanguage(lng) ? lng : 'nl';
  const module = (await import(/* webpackChunkName: "legal-[request]" */ `./${lang}/${name}.md`)) as { default: LegalDocument };
  return module.default;
}
