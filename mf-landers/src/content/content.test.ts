/**
 * The legal texts in every language: same structure as the Dutch reference, the site's company
 * info filled in, every storage key the code uses explained in the cookie policy, links that
 * go to real pages, and an FAQ of at least 12 questions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@dating/shared-kit/i18n';
import { makeSettings } from '@dating/shared-kit/testing';
import type { CompanyInfo } from '@dating/shared-kit/contracts';
import { LEGAL_DOCUMENTS, loadDocument } from '.';
import { fillPlaceholders, placeholderValues, termsVersionDate } from './fill';

const company: CompanyInfo = {
  name: 'Voorbeeld Media B.V.',
  address: 'Keizersgracht 123',
  registration_number: 'KvK 12345678',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Flirtlokaal'],
  vat_numbers: ['NL123456789B01'],
  support_phone: '+31 20-123 4567',
  delete_discount: 50,
  added: '2024-01-15T12:00:00Z',
};
const settings = makeSettings({
  name: 'Flirtlokaal',
  support_phone: '+31 20-123 4567',
  support_email: 'help@flirtlokaal.example',
  refund_days: 30,
  message_credits: 10,
  fictional_plural: 'chatpals',
  fictional_singular: 'chatpal',
});

async function filled(name: (typeof LEGAL_DOCUMENTS)[number], lng: string) {
  const doc = await loadDocument(name, lng);
  return { doc, html: fillPlaceholders(doc.html, placeholderValues(settings, company, lng)) };
}

/** Site paths the texts may link to (routes of the shell's route table). */
const KNOWN_PATHS = [
  '/account',
  '/account/delete',
  '/profile',
  '/notifications',
  '/complaints',
  '/pages/service',
  '/pages/terms',
  '/pages/privacy',
  '/pages/cookies',
  '/pages/ban',
  '/pages/faq',
  '/pages/return-policy',
];

describe.each(LANGUAGES)('legal texts in %s', (lng) => {
  it.each(LEGAL_DOCUMENTS)('%s: as many sections as the Dutch text, every placeholder filled, links to real pages', async (name) => {
    const [{ doc, html }, { doc: nl }] = await Promise.all([filled(name, lng), filled(name, 'nl')]);
    expect(doc.toc.map((e) => e.id)).toHaveLength(nl.toc.length);
    expect(doc.toc.length).toBeGreaterThanOrEqual(4);
    expect(new Set(doc.toc.map((e) => e.id)).size).toBe(doc.toc.length);
    // the table of contents shows the ## headings as written: no placeholders there
    for (const entry of doc.toc) expect(entry.text).not.toMatch(/[{}]/);
    expect(html).not.toMatch(/\{[a-z_]+\}/);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
      if (href?.startsWith('/')) expect(KNOWN_PATHS).toContain(href);
    }
    if (lng !== 'nl') expect(doc.html).not.toBe(nl.html);
  });

  it('terms and privacy name the company, with its address, registration and support contact', async () => {
    for (const name of ['terms', 'privacy'] as const) {
      const { html } = await filled(name, lng);
      expect(html).toContain('Voorbeeld Media B.V.');
      expect(html).toContain('Keizersgracht 123');
      expect(html).toContain('KvK 12345678');
      expect(html).toContain('help@flirtlokaal.example');
    }
    expect((await filled('terms', lng)).html).toContain('NL123456789B01');
  });

  it('privacy: controller, processors (Mollie), retention, rights with the export and deletion, the Dutch DPA', async () => {
    const { html } = await filled('privacy', lng);
    expect(html).toContain('Mollie');
    expect(html).toContain('href="/account"');
    expect(html).toContain('href="/account/delete"');
    expect(html).toContain('href="/pages/cookies"');
    expect(html).toContain('Autoriteit Persoonsgegevens');
    expect(html).toMatch(/\b14\b/);
    expect(html).toMatch(/\b30\b/);
  });

  it('refund policy: the site refund period and the 14-day withdrawal right', async () => {
    const { html } = await filled('return-policy', lng);
    expect(html).toMatch(/\b30\b/);
    expect(html).toMatch(/\b14\b/);
    expect(html).toContain('help@flirtlokaal.example');
  });

  it('terms: the honest section about chatpals, with the site name for them', async () => {
    const { html } = await filled('terms', lng);
    expect(html).toContain('chatpals');
    expect(html).toContain('Voorbeeld Media B.V.');
  });

  it('FAQ: at least 12 questions', async () => {
    const { html } = await filled('faq', lng);
    expect((html.match(/<h3 /g) ?? []).length).toBeGreaterThanOrEqual(12);
  });
});

describe('cookie policy', () => {
  /** every web storage key and cookie the front end and the server set */
  function storageKeysInCode(): string[] {
    const root = path.resolve(__dirname, '..', '..', '..');
    const keys = new Set<string>(['sid', 'lang']);
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
        } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          // `..._KEY = 'name'` constants and jotai's atomWithStorage('name', ...)
          for (const m of text.matchAll(/\bKEY\s*=\s*'([\w:.-]+)'|_KEY\s*=\s*'([\w:.-]+)'|atomWithStorage(?:<[^>]*>)?\(\s*'([\w:.-]+)'/g)) {
            const key = m[1] ?? m[2] ?? m[3];
            if (key) keys.add(key);
          }
        }
      }
    };
    for (const ws of ['shell', 'mf-auth-signup', 'mf-members', 'mf-chat', 'mf-payments', 'mf-landers', 'shared-kit']) {
      const src = path.join(root, ws, 'src');
      if (fs.existsSync(src)) walk(src);
    }
    return [...keys].sort();
  }

  it.each(LANGUAGES)('%s explains every cookie and storage key the site uses', async (lng) => {
    const { html } = await filled('cookies', lng);
    const keys = storageKeysInCode();
    expect(keys).toEqual(expect.arrayContaining(['auth:signup-draft', 'mf:last-chunk-reload', 'payments.discount_code']));
    for (const key of keys) expect(html).toContain(`<strong>${key}</strong>`);
  });
});

describe('placeholders', () => {
  it('escapes values and leaves unknown words', () => {
    expect(fillPlaceholders('<p>{company_name} {other}</p>', { company_name: '<b>A&B</b>' })).toBe(
      '<p>&lt;b&gt;A&amp;B&lt;/b&gt; {other}</p>',
    );
    expect(fillPlaceholders('<p>{support_email} {support_phone}</p>', { support_email: 'a"b@x.nl', support_phone: '+3120' })).toBe(
      '<p><a href="mailto:a&quot;b@x.nl">a&quot;b@x.nl</a> <a href="tel:+3120">+3120</a></p>',
    );
  });

  it('the terms version date: 2023-12-01, or the company added date when later', () => {
    expect(termsVersionDate(null)).toBe('2023-12-01T12:00:00Z');
    expect(termsVersionDate({ added: '2020-05-01T00:00:00Z' })).toBe('2023-12-01T12:00:00Z');
    expect(termsVersionDate({ added: '2024-01-15T12:00:00Z' })).toBe('2024-01-15T12:00:00Z');
    expect(placeholderValues(settings, company, 'de').company_country).toBe('Niederlande');
    expect(placeholderValues(settings, company, 'nl').support_phone).toBe('+31201234567');
  });
});
