/**
 * Short legal and help pages (spec section 2 "static pages"): terms, privacy, cookies, ban, FAQ,
 * return policy, service, complaints. Texts in 7 languages (namespace `landers`); site-specific
 * values (name, refund days, support e-mail and phone) come from the site settings.
 */
import { useTranslation } from 'react-i18next';
import { useSettings } from '@dating/shared-kit/state';
import { formatDate } from '@dating/shared-kit/i18n';
import { NAMESPACE } from '../i18n';
import { StaticPage } from './static-page';

/** Terms version date: 2023-12-01T12:00:00Z by default (spec section 9). */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';

/** Support phone shown cleaned of dashes and spaces (spec section 9). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

function useSite() {
  const settings = useSettings();
  return { name: settings?.name ?? '', settings };
}

export function TermsPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { name } = useSite();
  const date = formatDate(TERMS_VERSION_DATE, i18n.language);
  return (
    <StaticPage title={t('pages.terms.title')}>
      <p>{t('pages.terms.version', { date })}</p>
      <p>{t('pages.terms.body', { site: name })}</p>
      <p>{t('pages.terms.fictional')}</p>
    </StaticPage>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StaticPage title={t('pages.privacy.title')}>
      <p>{t('pages.privacy.body')}</p>
    </StaticPage>
  );
}

export function CookiesPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StaticPage title={t('pages.cookies.title')}>
      <p>{t('pages.cookies.body')}</p>
    </StaticPage>
  );
}

export function BanPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StaticPage title={t('pages.ban.title')}>
      <p>{t('pages.ban.body')}</p>
      <SupportContact />
    </StaticPage>
  );
}

export function FaqPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StaticPage title={t('pages.faq.title')}>
      {(['1', '2', '3'] as const).map((n) => (
        <section key={n}>
          <h2>{t(`pages.faq.q${n}`)}</h2>
          <p>{t(`pages.faq.a${n}`)}</p>
        </section>
      ))}
    </StaticPage>
  );
}

export function ReturnPolicyPage() {
  const { t } = useTranslation(NAMESPACE);
  const { settings } = useSite();
  return (
    <StaticPage title={t('pages.returnPolicy.title')}>
      <p>{t('pages.returnPolicy.body', { days: settings?.refund_days ?? 14 })}</p>
      <SupportContact />
    </StaticPage>
  );
}

function SupportContact() {
  const { t } = useTranslation(NAMESPACE);
  const { settings } = useSite();
  if (!settings) return null;
  const phone = cleanPhone(settings.support_phone);
  return (
    <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem', margin: 0 }}>
      {settings.support_email ? (
        <>
          <dt>{t('pages.service.email')}</dt>
          <dd css={{ margin: 0 }}>
            <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
          </dd>
        </>
      ) : null}
      {phone ? (
        <>
          <dt>{t('pages.service.phone')}</dt>
          <dd css={{ margin: 0 }}>
            <a href={`tel:${phone}`}>{phone}</a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function ServicePage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StaticPage title={t('pages.service.title')}>
      <p>{t('pages.service.body')}</p>
      <SupportContact />
    </StaticPage>
  );
}

export function ComplaintsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StaticPage title={t('pages.complaints.title')}>
      <p>{t('pages.complaints.body')}</p>
      <SupportContact />
    </StaticPage>
  );
}
