import type * as SecondCopy from './index';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import {
  assertCompleteLocales,
  detectLanguage,
  i18n,
  initLanguage,
  LANGUAGES,
  languagesForCountry,
  loadAllLocales,
  readCookie,
  registerNamespace,
  setLanguage,
  translationsSettled,
  useTranslation,
} from './index';
import { languageAtom, store } from '../state';
import commonLocales from './common';

function clearLangCookie() {
  document.cookie = 'lang=; Max-Age=0; Path=/';
}

afterEach(async () => {
  clearLangCookie();
  await i18n.changeLanguage('en');
});

describe('common namespace', () => {
  it('comes per language: at start the fallback (nl) only, another language when the site switches to it', async () => {
    await translationsSettled();
    expect(i18n.hasResourceBundle('nl', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'common')).toBe(false);
    await i18n.changeLanguage('de');
    expect(i18n.t('errors.notFound')).toBe(commonLocales.de.errors.notFound);
    expect(i18n.t('errors.notFound')).not.toBe(commonLocales.en.errors.notFound);
  });

  it('is complete in all 7 languages', () => {
    expect(assertCompleteLocales(commonLocales)).toEqual({});
  });

  it('uses the exact spec wording in Dutch', async () => {
    await i18n.changeLanguage('nl');
    expect(i18n.t('errors.generic')).toBe('Er is een fout opgetreden, probeer het later opnieuw.');
    expect(i18n.t('errors.notFound')).toBe('Deze pagina kon niet worden gevonden');
    expect(i18n.t('errors.moduleUnavailable')).toBe('Dit deel van de site is tijdelijk niet beschikbaar.');
    expect(i18n.t('errors.retry')).toBe('Opnieuw proberen');
    expect(i18n.t('errors.insufficientCredits')).toBe('Je hebt onvoldoende credits');
    await i18n.changeLanguage('en');
    expect(i18n.t('errors.notFound')).toBe('This page could not be found');
  });
});

describe('singleton', () => {
  it('is one i18next instance even when a second copy of shared-kit is loaded', async () => {
    let other: typeof SecondCopy | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof SecondCopy>('./index');
    });
    if (!other) throw new Error('not loaded');
    expect(other.i18n).toBe(i18n);
    await other.i18n.changeLanguage('it');
    expect(i18n.language).toBe('it');
  });
});

describe('assertCompleteLocales', () => {
  it('reports keys missing or empty per language, and changed placeholders', () => {
    const ok = { a: 'x', b: { c: 'y {{n}}' } };
    const problems = assertCompleteLocales({
      nl: ok,
      en: ok,
      de: { a: 'x' },
      es: { a: '', b: { c: 'y {{n}}' } },
      fr: ok,
      it: { a: 'x', b: { c: 'y' } },
      pl: ok,
    });
    expect(problems).toEqual({ de: ['b.c'], es: ['a'], it: ['b.c (placeholders {{n}})'] });
  });

  it('reports a language that is missing entirely', () => {
    const ok = { a: 'x' };
    expect(assertCompleteLocales({ nl: ok, en: ok, de: ok, es: ok, fr: ok, it: ok })).toEqual({ pl: ['a'] });
  });
});

describe('language rules', () => {
  it('cookie first, then domain_language (first two letters), then browser, then en', () => {
    expect(detectLanguage({ cookie: 'pl', domainLanguage: 'de-DE', browser: ['fr-FR'] })).toBe('pl');
    expect(detectLanguage({ cookie: 'xx', domainLanguage: 'de-AT', browser: ['fr-FR'] })).toBe('de');
    expect(detectLanguage({ domainLanguage: 'pt-BR', browser: ['sv-SE', 'it-IT'] })).toBe('it');
    expect(detectLanguage({ domainLanguage: null, browser: ['ja'] })).toBe('en');
    expect(detectLanguage({})).toBe('en');
  });

  it('offers the languages per country', () => {
    expect(languagesForCountry('BE')).toEqual(['nl', 'fr', 'de']);
    expect(languagesForCountry('ch')).toEqual(['de', 'it', 'fr', 'en']);
    expect(languagesForCountry('US')).toEqual(['en', 'es']);
    expect(languagesForCountry('JP')).toHaveLength(7);
  });

  it('initLanguage applies the site language when there is no cookie, the cookie when there is', async () => {
    expect(initLanguage('nl-NL')).toBe('nl');
    expect(i18n.language).toBe('nl');
    expect(store.get(languageAtom)).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');

    document.cookie = 'lang=fr; Path=/';
    expect(initLanguage('nl-NL')).toBe('fr');
    await translationsSettled();
    expect(i18n.t('errors.retry')).toBe('Réessayer');
  });

  it('setLanguage writes the lang cookie and switches the rendered text', async () => {
    registerNamespace('demo', {
      nl: { hello: 'Hallo' },
      en: { hello: 'Hello' },
      de: { hello: 'Hallo' },
      es: { hello: 'Hola' },
      fr: { hello: 'Bonjour' },
      it: { hello: 'Ciao' },
      pl: { hello: 'Cześć' },
    });
    function Greeting() {
      const { t } = useTranslation('demo');
      return <h1>{t('hello')}</h1>;
    }
    render(<Greeting />);
    expect(screen.getByRole('heading')).toHaveTextContent('Hello');
    await act(() => setLanguage('pl'));
    expect(screen.getByRole('heading')).toHaveTextContent('Cześć');
    expect(readCookie('lang')).toBe('pl');
  });

  it('falls back to Dutch for a key missing in the current language', async () => {
    registerNamespace('partial', { nl: { only: 'Alleen Nederlands' } } as never);
    await i18n.changeLanguage('de');
    expect(i18n.t('partial:only')).toBe('Alleen Nederlands');
  });
});

describe('a namespace registered with loaders (one bundle per language)', () => {
  function loadersOf(ns: string, asked: string[]) {
    return Object.fromEntries(
      LANGUAGES.map((lng) => [
        lng,
        async () => {
          asked.push(lng);
          return { default: { hello: `${ns} in ${lng}` } };
        },
      ]),
    ) as Record<(typeof LANGUAGES)[number], () => Promise<{ default: { hello: string } }>>;
  }

  it('fetches only the language in use and the fallback (nl), another one when the site switches to it', async () => {
    await i18n.changeLanguage('de');
    const asked: string[] = [];
    registerNamespace('lazy-a', loadersOf('lazy-a', asked));
    await translationsSettled();
    expect(asked.sort()).toEqual(['de', 'nl']);
    expect(i18n.t('lazy-a:hello')).toBe('lazy-a in de');
    // the switch completes once the new language's bundle is there
    await i18n.changeLanguage('pl');
    expect(i18n.t('lazy-a:hello')).toBe('lazy-a in pl');
    expect(asked.sort()).toEqual(['de', 'nl', 'pl']);
    // registering again fetches nothing more
    registerNamespace('lazy-a', loadersOf('lazy-a', asked));
    await translationsSettled();
    expect(asked).toHaveLength(3);
  });

  it('a component shows the texts (never the keys) once translationsSettled resolves, and follows setLanguage', async () => {
    await i18n.changeLanguage('nl');
    registerNamespace('lazy-b', loadersOf('lazy-b', []));
    await translationsSettled();
    function Greeting() {
      const { t } = useTranslation('lazy-b');
      return <h1>{t('hello')}</h1>;
    }
    render(<Greeting />);
    expect(screen.getByRole('heading')).toHaveTextContent('lazy-b in nl');
    await act(() => setLanguage('fr'));
    expect(screen.getByRole('heading')).toHaveTextContent('lazy-b in fr');
  });

  it('loadAllLocales gives every language of a namespace (for its locale tests)', async () => {
    const all = await loadAllLocales(loadersOf('lazy-c', []));
    expect(Object.keys(all).sort()).toEqual([...LANGUAGES].sort());
    expect(all.it.hello).toBe('lazy-c in it');
  });
});

describe('formatDate', () => {
  it('writes a calendar date as readers of the language do, the same day in every time zone', async () => {
    const { formatDate } = await import('./index');
    expect(formatDate('1990-02-03', 'nl')).toBe('3 februari 1990');
    expect(formatDate('1990-02-03', 'de')).toBe('3. Februar 1990');
    expect(formatDate('1990-02-03', 'en')).toBe('February 3, 1990');
    expect(formatDate('2023-12-01T12:00:00Z', 'fr')).toBe('1 décembre 2023');
    expect(formatDate('not a date', 'nl')).toBe('not a date');
  });
});

describe('countryName', () => {
  /** Runs `fn` counting the Intl.DisplayNames it makes (each still a real one). */
  function countingDisplayNames(fn: () => void): number {
    const real = Intl.DisplayNames;
    let made = 0;
    const counting = jest.spyOn(Intl, 'DisplayNames').mockImplementation((locales, options) => {
      made += 1;
      return new real(locales, options);
    });
    try {
      fn();
    } finally {
      counting.mockRestore();
    }
    return made;
  }

  it("names a member's country in the reader's language, each language its own name, an unknown code as it is", async () => {
    const { countryName } = await import('./index');
    expect(countryName('NL', 'nl')).toBe('Nederland');
    expect(countryName('NL', 'de')).toBe('Niederlande');
    expect(countryName('NL', 'nl')).toBe('Nederland');
    expect(countryName('BE', 'fr')).toBe('Belgique');
    expect(countryName('not-a-code', 'nl')).toBe('not-a-code');
  });

  it('names every site country in every language as CLDR does, without making an Intl.DisplayNames', async () => {
    const { countryName } = await import('./index');
    const { COUNTRIES: countries } = await import('../contracts/core');
    const expected = LANGUAGES.flatMap((lng) => countries.map((code) => new Intl.DisplayNames([lng], { type: 'region' }).of(code)));
    let named: string[] = [];
    const made = countingDisplayNames(() => {
      named = LANGUAGES.flatMap((lng) => countries.map((code) => countryName(code, lng)));
    });
    expect(named).toEqual(expected);
    expect(made).toBe(0);
  });

  it('makes one Intl.DisplayNames per language for any other code', async () => {
    const { countryName } = await import('./index');
    let named: string[] = [];
    const made = countingDisplayNames(() => {
      named = ['SE', 'NO', 'DK', 'SE'].map((code) => countryName(code, 'it'));
    });
    expect(named).toEqual(['Svezia', 'Norvegia', 'Danimarca', 'Svezia']);
    expect(made).toBe(1);
  });
});
