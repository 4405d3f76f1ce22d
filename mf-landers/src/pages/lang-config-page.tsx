import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, setLanguage } from '@dating/shared-kit/i18n';
import { useLanguage } from '@dating/shared-kit/state';
import { NAMESPACE } from '../i18n';
import { StaticPage } from './static-page';

/** /lang-config: pick the site language (cookie 365 days; account language when logged in). */
export function LangConfigPage() {
  const { t } = useTranslation(NAMESPACE);
  const current = useLanguage();
  return (
    <StaticPage title={t('pages.langConfig.title')}>
      <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem', gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))' }}>
        {LANGUAGES.map((lng) => (
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
    </StaticPage>
  );
}
