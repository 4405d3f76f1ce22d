/**
 * Language switcher: the 7 site languages, each in its own name. Choosing one changes the UI
 * language at once, stores the `lang` cookie (365 days) and, for a logged-in member, the account
 * language (shared-kit's setLanguage does all three).
 */
import { css } from '@emotion/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, setLanguage } from '@dating/shared-kit/i18n';
import { useLanguage } from '@dating/shared-kit/state';
import { visuallyHiddenStyle } from '@dating/shared-kit/ui';
import { GlobeIcon } from '../globe-icon';

/** Below 576 px the compact label shows only the globe (the word stays the select's name). */
const smallPhone = '@media (max-width: 575.98px)';

/**
 * `compact`: the label is the small globe + language word beside the select (still visible); on a
 * small phone only the globe shows, so a visitor's header (brand, language, login) keeps one row.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const id = useId();
  const language = useLanguage();
  const change = (value: string) => {
    if (!isLanguage(value)) return;
    setLanguage(value).catch((error: unknown) => {
      console.warn('[shell] saving the account language failed', error);
    });
  };
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: '0.4rem' }}>
      <label htmlFor={id} css={{ fontSize: compact ? '0.8rem' : '0.9rem', whiteSpace: 'nowrap' }}>
        <GlobeIcon /> <span css={compact ? css`${smallPhone} { ${visuallyHiddenStyle} }` : undefined}>{t('nav.language')}</span>
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => change(event.target.value)}
        css={(theme) => ({
          font: 'inherit',
          fontSize: '0.9rem',
          padding: '0.35rem 0.5rem',
          [smallPhone]: compact ? { fontSize: '0.85rem', padding: '0.3rem 0.25rem' } : {},
          borderRadius: 8,
          border: `1px solid ${theme.colors.border}`,
          background: 'white',
          color: theme.colors.dark,
          cursor: 'pointer',
        })}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
