import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, languagesForCountry, setLanguage } from '@dating/shared-kit/i18n';
import type { Language } from '@dating/shared-kit/i18n';
import { useLanguage, useSettings } from '@dating/shared-kit/state';
import { NAMESPACE } from '../i18n';
import { StaticPage } from './static-page';

/**
 * The languages spoken in the site's countries (spec section 9, "language choices by country"),
 * in the table's order; none when the site names no country of ours.
 */
export function siteLanguages(countries: readonly string[] | undefined): Language[] {
  const known = (countries ?? []).filter((c) => languagesForCountry(c).length < LANGUAGES.length);
  return [...new Set(known.flatMap((c) => languagesForCountry(c)))];
}

/**
 * /lang-config: pick the site language (cookie 365 days; account language when logged in). The
 * languages of the site's countries come first; the others follow under their own heading.
 */
export function LangConfigPage() {
  const { t } = useTranslation(NAMESPACE);
  const settings = useSettings();
  const suggested = siteLanguages(settings?.countries);
  const others = LANGUAGES.filter((lng) => !suggested.includes(lng));
  return (
    <StaticPage title={t('pages.langConfig.title')}>
      {suggested.length > 0 && others.length > 0 ? (
        <>
          <LanguageList heading={t('pages.langConfig.suggested')} languages={suggested} />
          <LanguageList heading={t('pages.langConfig.other')} languages={others} />
        </>
      ) : (
        <LanguageList languages={LANGUAGES} />
      )}
    </StaticPage>
  );
}

function LanguageList({ heading, languages }: { heading?: string; languages: readonly Language[] }) {
  const current = useLanguage();
  const list = (
    <ul
      aria-label={heading}
      css={{
        listStyle: 'none',
        padding: 0,
        margin: '0 0 1.5rem',
        display: 'grid',
        gap: '0.5rem',
        gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
      }}
    >
      {languages.map((lng) => (
        <li key={lng}>
          <button
            type="button"
            lang={lng}
            aria-pressed={current === lng}
            onClick={() => {
              setLanguage(lng).catch((error: unknown) => console.warn('[landers] language not saved', error));
            }}
            css={(theme) => ({
              width: '100%',
              font: 'inherit',
              padding: '0.75rem 1rem',
              borderRadius: theme.radii.md,
              border: `2px solid ${current === lng ? theme.colors.primary : theme.colors.border}`,
              background: current === lng ? theme.colors.primarySoft : theme.colors.surface,
              color: theme.colors.dark,
              fontWeight: 600,
              cursor: 'pointer',
            })}
          >
            {LANGUAGE_NAMES[lng]}
          </button>
        </li>
      ))}
    </ul>
  );
  if (!heading) return list;
  return (
    <>
      <h2 css={{ fontSize: '1.1rem', margin: '0 0 0.75rem' }}>{heading}</h2>
      {list}
    </>
  );
}
