/**
 * Footer (spec section 2): links to terms, privacy, cookies, ban, pricing, complaints, return
 * policy, FAQ and support; the disclaimer in the SITE's language (not the visitor's UI language);
 * the US footer when the page is in English; copyright 2025.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@dating/shared-kit/state';
import { siteLanguage } from '../site-language';

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

export function Footer({ links = true }: { links?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const settings = useSettings();
  const siteLng = siteLanguage(settings);
  const disclaimer = i18n.getFixedT(siteLng, 'common')('disclaimer');
  const english = i18n.resolvedLanguage === 'en' || i18n.language === 'en';
  return (
    <footer
      css={(theme) => ({
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
        <p lang={siteLng} css={{ margin: 0, lineHeight: 1.5, opacity: 0.8 }}>
          {disclaimer}
        </p>
        {english ? (
          <p data-testid="us-footer" css={{ margin: 0, lineHeight: 1.5, opacity: 0.7 }}>
            {ts('usFooter')}
          </p>
        ) : null}
        <p css={{ margin: 0, opacity: 0.7 }}>{t('footer.copyright', { year: 2025, name: settings?.name ?? '' })}</p>
      </div>
    </footer>
  );
}
