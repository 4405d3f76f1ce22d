/**
 * What the server hands the light page (inlined as JSON, the same object for the server's render
 * and the browser's hydration): the route, the site's settings, the texts of the page's language
 * only, the data the page shows, and the app's scripts for when the visitor goes on to sign up.
 */
import { createContext, useContext } from 'react';
import type { Language, Settings } from '@dating/shared-kit/contracts';
import type { LanderPreload } from '../landers/common/preload';
import type { LegalDocumentName } from '../content';
import type { LegalPreload } from '../pages/legal-document-page';

export type MemberLandingKind = 'landing' | 'landing2' | 'landing3' | 'signup';

export type LightRoute =
  | { kind: 'variant'; variant: string; slug?: string }
  | { kind: 'member'; landing: MemberLandingKind; id: string; slug?: string }
  // the index and the legal pages, in the default layout (a visitor's top bar)
  | { kind: 'home'; slug?: undefined }
  | { kind: 'service'; slug?: undefined }
  | { kind: 'page'; page: LegalDocumentName; slug?: undefined };

/** What the page shows from the server: a lander's members, a legal page's text and company. */
export type LightPreload = LanderPreload & { legal?: LegalPreload };

/** i18next resources: language -> namespace -> texts */
export type LightTexts = Partial<Record<Language, Record<string, object>>>;

export interface LightPageData {
  route: LightRoute;
  /** the page's URL (the router stand-in answers from it on the server and in the browser alike) */
  location: { pathname: string; search: string };
  language: Language;
  settings: Settings | null;
  texts: LightTexts;
  preload: LightPreload;
  /** the site shows its entry warning on this page to a visitor who has not accepted it yet */
  entryWarning: boolean;
  /** the shell's start scripts: loaded when the visitor opens sign-up on a desktop (upgrade.ts) */
  app: { scripts: string[] };
}

export const LightPageContext = createContext<LightPageData | null>(null);

export function useLightPage(): LightPageData {
  const data = useContext(LightPageContext);
  if (!data) throw new Error('the light lander page is rendered without its data');
  return data;
}
