/**
 * The top of the default layout (spec section 2) that the shell's layouts and mf-landers' light
 * pages (the index and the legal pages for a visitor) both show, one copy: the skip link, the
 * sticky bar with the main navigation, the language choice and a visitor's login button. What a
 * language choice does is the caller's (the app switches at once and saves it; the light page
 * writes the cookie and loads itself again in that language). Texts: `common:nav.*`.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '../contracts/constants';
import type { Language } from '../contracts/core';
import { mq } from '../theme/theme';
import type { AppTheme } from '../theme/theme';
import { visuallyHiddenStyle } from './visually-hidden';

/** Below 576 px the compact language label shows only the globe (the word stays the select's name). */
const smallPhone = '@media (max-width: 575.98px)';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#content"
      css={(theme: AppTheme) => ({
        position: 'absolute',
        left: '0.5rem',
        top: '-3rem',
        zIndex: theme.zIndex.loadingBar,
        padding: '0.5rem 1rem',
        borderRadius: theme.radii.md,
        background: theme.colors.dark,
        color: theme.colors.onPrimary,
        '&:focus': { top: '0.5rem' },
      })}
    >
      {t('nav.skipToContent')}
    </a>
  );
}

/** The sticky bar and its main navigation; the children are the navigation's content. */
export function TopBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <header
      css={(theme: AppTheme) => ({
        position: 'sticky',
        top: 0,
        zIndex: 100,
        // no backdrop-filter/transform here: it would trap the phone tab bar (position: fixed)
        background: theme.colors.surface,
        borderBottom: `1px solid ${theme.colors.border}`,
      })}
    >
      <nav
        aria-label={t('nav.main')}
        css={{
          maxWidth: 1140,
          margin: '0 auto',
          // narrow phones: a little tighter, so brand, language and account menu share one row
          padding: '0.6rem 0.75rem',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '0.5rem',
          [mq.sm]: { padding: '0.6rem 1rem', gap: '0.5rem 0.75rem' },
        }}
      >
        {children}
      </nav>
    </header>
  );
}

/** Small globe drawn inline (no icon font needed). Decorative. */
function GlobeIcon({ size = 14 }: { size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      css={{ verticalAlign: '-2px' }}
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}

/**
 * The 7 site languages, each in its own name. `compact`: the label is the small globe + language
 * word beside the select (still visible); on a small phone only the globe shows, so a visitor's
 * header (brand, language, login) keeps one row.
 */
export function LanguageSelect({
  language,
  onChange,
  compact = false,
}: {
  language: Language;
  onChange: (language: Language) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: '0.4rem' }}>
      <label htmlFor={id} css={{ fontSize: compact ? '0.8rem' : '0.9rem', whiteSpace: 'nowrap' }}>
        <GlobeIcon />{' '}
        <span
          css={
            compact
              ? css`
                  ${smallPhone} {
                    ${visuallyHiddenStyle}
                  }
                `
              : undefined
          }
        >
          {t('nav.language')}
        </span>
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const value = LANGUAGES.find((lng) => lng === event.target.value);
          if (value) onChange(value);
        }}
        css={(theme: AppTheme) => ({
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

/** A visitor's side of the bar: the language choice and the login button (to /login). */
export function VisitorNavActions({ language, onLanguage }: { language: Language; onLanguage: (language: Language) => void }) {
  const { t } = useTranslation('common');
  return (
    <div css={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
      <LanguageSelect compact language={language} onChange={onLanguage} />
      <Link
        to="/login"
        css={(theme: AppTheme) => ({
          // a small phone: tighter, so brand, language and login share one row in every language
          padding: '0.45rem 0.65rem',
          fontSize: '0.85rem',
          [mq.sm]: { padding: '0.5rem 1.1rem', fontSize: '1rem' },
          borderRadius: 999,
          background: theme.colors.primary,
          color: 'white',
          fontWeight: 700,
          textDecoration: 'none',
          whiteSpace: 'nowrap',
        })}
      >
        {t('nav.login')}
      </Link>
    </div>
  );
}
