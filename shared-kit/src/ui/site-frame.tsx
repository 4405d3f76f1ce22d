/**
 * The parts of a page's frame the shell's layouts and mf-landers' light lander page both show
 * (spec section 2): the frame's column and its `<main>`, the lander layout's brand bar, the brand
 * link and the footer (links to terms, privacy, cookies, ban, pricing,
 * complaints, return policy, FAQ and support; the disclaimer in the page's language, like the rest of
 * the page (issue 29: a member reads it in the language they chose); the US notice when the page is in English; copyright 2025), and the rules of the site's own
 * language. Settings come in as props (no state import), texts from react-i18next's instance.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../contracts/constants';
import type { Language, Settings } from '../contracts/core';
import { mq } from '../theme/theme';
import type { AppTheme } from '../theme/theme';

/** The site's own language (settings.domain_language, e.g. 'nl_NL' -> 'nl'); nl when unknown. */
export function siteLanguage(settings: Pick<Settings, 'domain_language'> | null | undefined): Language {
  const code = settings?.domain_language?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : 'nl';
}

/** Chat and lander layouts show the entry warning only on Dutch and German sites. */
export function entryWarningForSite(settings: Pick<Settings, 'domain_language'> | null | undefined): boolean {
  const lng = siteLanguage(settings);
  return lng === 'nl' || lng === 'de';
}

export const FOOTER_LINKS = [
  { key: 'terms', to: '/pages/terms' },
  { key: 'privacy', to: '/pages/privacy' },
  { key: 'cookies', to: '/pages/cookies' },
  { key: 'ban', to: '/pages/ban' },
  { key: 'pricing', to: '/pricing' },
  { key: 'complaints', to: '/complaints' },
  { key: 'returnPolicy', to: '/pages/return-policy' },
  { key: 'faq', to: '/pages/faq' },
  { key: 'support', to: '/pages/service' },
] as const;

/** A layout's outer column: at least a screen high, the footer (margin-top: auto) at its bottom. */
export const pageFrameStyle = { minHeight: '100vh', display: 'flex', flexDirection: 'column' } as const;

/**
 * The page's `<main>`, the skip link's target (#content): at least a screen high, so the footer
 * starts below the fold and does not jump when the page's content arrives.
 */
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <main id="content" tabIndex={-1} css={{ flex: 1, width: '100%', minHeight: '100vh', outline: 'none' }}>
      {children}
    </main>
  );
}

/** The lander layout's bar: the brand, centred, nothing to click away to. */
export function LanderBar({ children }: { children: ReactNode }) {
  return (
    <header
      css={(theme: AppTheme) => ({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '0.75rem 1rem',
        background: 'white',
        borderBottom: `1px solid ${theme.colors.border}`,
      })}
    >
      {children}
    </header>
  );
}

/** The site's name, linking home. */
export function Brand({ name }: { name: string | undefined }) {
  return (
    <Link
      to="/"
      css={(theme: AppTheme) => ({
        fontWeight: 800,
        // a small phone: brand, language and a visitor's login button share one row in every language
        fontSize: '1.05rem',
        [mq.sm]: { fontSize: '1.3rem' },
        letterSpacing: '-0.02em',
        color: theme.colors.primary,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
      })}
    >
      {name ?? 'Dating'}
    </Link>
  );
}

export function Footer({
  settings,
  links = true,
}: {
  settings: Pick<Settings, 'domain_language' | 'name'> | null | undefined;
  links?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const english = i18n.resolvedLanguage === 'en' || i18n.language === 'en';
  return (
    <footer
      css={(theme: AppTheme) => ({
        marginTop: 'auto',
        background: theme.colors.dark,
        color: 'rgba(255, 255, 255, 0.85)',
        fontSize: '0.875rem',
      })}
    >
      <div css={{ maxWidth: 1140, margin: '0 auto', padding: '1.75rem 1rem', display: 'grid', gap: '1rem' }}>
        {links ? (
          <nav aria-label={t('footer.label')}>
            <ul css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.25rem', margin: 0, padding: 0, listStyle: 'none' }}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.key}>
                  <Link to={link.to} css={{ color: 'white', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                    {t(`footer.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p css={{ margin: 0, lineHeight: 1.5, opacity: 0.8 }}>{t('disclaimer')}</p>
        {english ? (
          <p data-testid="us-footer" css={{ margin: 0, lineHeight: 1.5, opacity: 0.7 }}>
            {t('footer.usNotice')}
          </p>
        ) : null}
        <p css={{ margin: 0, opacity: 0.7 }}>{t('footer.copyright', { year: 2025, name: settings?.name ?? '' })}</p>
      </div>
    </footer>
  );
}
