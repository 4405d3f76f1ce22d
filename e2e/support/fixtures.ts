/**
 * Playwright `test` with the project's fixtures, and small helpers shared by the spec files.
 */
import { test as base, expect } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { inbox } from './inbox';
import type { Inbox } from './inbox';
import { resolveE2eEnv } from './env';

export const LANGUAGES = ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key of mf-auth-signup's site-entry warning ("I am 18+") once accepted. */
export const ENTRY_WARNING_KEY = 'auth:entry-warning-seen';

interface Options {
  /**
   * true (default): the visitor has already accepted the site-entry warning, so it does not
   * cover the page. `test.use({ entryWarningAccepted: false })` to test the warning itself.
   */
  entryWarningAccepted: boolean;
}

interface Fixtures {
  /** The test inbox (real SMTP); see ./inbox.ts. */
  inbox: Inbox;
  /**
   * Uncaught page errors and console.error lines collected during the test (read them to assert
   * a clean page: `expect(pageErrors).toEqual([])`).
   */
  pageErrors: string[];
}

export const test = base.extend<Fixtures & Options>({
  entryWarningAccepted: [true, { option: true }],
  context: async ({ context, entryWarningAccepted }, provide) => {
    if (entryWarningAccepted) {
      await context.addInitScript((key) => {
        try {
          if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify(Date.now()));
        } catch {
          // no storage (about:blank): nothing to do
        }
      }, ENTRY_WARNING_KEY);
    }
    await provide(context);
  },
  // eslint-disable-next-line no-empty-pattern
  inbox: async ({}, provide) => {
    await provide(inbox);
  },
  pageErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
    });
    await provide(errors);
  },
});

export { expect };

let counter = 0;
/** A fresh, valid address for a new member in this run: e2e-<tag>-<time>-<n>@example.com. */
export function uniqueEmail(tag = 'member'): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Sets the `lang` cookie (the language choice the shell's switcher stores, 365 days). */
export async function setLanguageCookie(context: BrowserContext, lng: Language): Promise<void> {
  const { baseURL } = resolveE2eEnv();
  await context.addCookies([{ name: 'lang', value: lng, url: baseURL }]);
}

/**
 * Build id of each loaded remote, as the shell exposes it in the page (docs/placeholders.md):
 * `<meta name="mf-build:<name>" content="...">` tags or `data-mf-build-<name>` attributes on <html>.
 */
export async function remoteBuildIds(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    document.querySelectorAll('meta[name^="mf-build:"]').forEach((m) => {
      const name = m.getAttribute('name')?.slice('mf-build:'.length);
      const content = m.getAttribute('content');
      if (name && content) out[name] = content;
    });
    for (const attr of Array.from(document.documentElement.attributes)) {
      if (attr.name.startsWith('data-mf-build-')) {
        out[attr.name.slice('data-mf-build-'.length).replace(/-/g, '_')] = attr.value;
      }
    }
    return out;
  });
}
