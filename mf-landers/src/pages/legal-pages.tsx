/**
 * Legal and help pages (spec section 2 "static pages"). The long texts (terms, privacy, cookies,
 * refund policy, ban policy, FAQ) are content files loaded on demand (../content); service and
 * complaints are short texts of this module's namespace. Every page's title is the footer link's
 * name (common namespace), so a link and the page it opens carry one name.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@dating/shared-kit/api';
import { ZBanStatusResponse } from '@dating/shared-kit/contracts';
import { useSettings } from '@dating/shared-kit/state';
import { Alert } from '@dating/shared-kit/ui';
import { cleanPhone } from '../content/fill';
import { ComplaintForm } from './complaint-form';
import { NAMESPACE } from '../i18n';
import { LegalDocumentPage, usePageTitle } from './legal-document-page';
import { StaticPage } from './static-page';

export { cleanPhone, TERMS_VERSION_DATE } from '../content/fill';

export const TermsPage = () => <LegalDocumentPage name="terms" titleKey="terms" />;
export const PrivacyPage = () => <LegalDocumentPage name="privacy" titleKey="privacy" />;
export const CookiesPage = () => <LegalDocumentPage name="cookies" titleKey="cookies" />;
export const FaqPage = () => <LegalDocumentPage name="faq" titleKey="faq" />;
export const ReturnPolicyPage = () => <LegalDocumentPage name="return-policy" titleKey="returnPolicy" />;

/**
 * /pages/ban: the published ban policy for everybody. Only when the server says this browser's
 * session is a banned member's (GET /api/ban.php) does the personal notice show above it.
 */
export function BanPage() {
  const { t } = useTranslation(NAMESPACE);
  const [banned, setBanned] = useState(false);
  useEffect(() => {
    let live = true;
    api.get('/api/ban.php', ZBanStatusResponse, { retries: 1 }).then(
      (r) => live && setBanned(r.banned),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const notice = banned ? (
    <Alert variant="danger" title={t('pages.ban.personalTitle')}>
      <p css={{ margin: 0 }}>{t('pages.ban.personalText')}</p>
      <SupportContact />
    </Alert>
  ) : null;
  return <LegalDocumentPage name="ban" titleKey="ban" before={notice} />;
}

function SupportContact() {
  const { t } = useTranslation(NAMESPACE);
  const settings = useSettings();
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
    <StaticPage title={usePageTitle('support')}>
      <p>{t('pages.service.body')}</p>
      <SupportContact />
    </StaticPage>
  );
}

export function ComplaintsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StaticPage title={usePageTitle('complaints')}>
      <p>{t('pages.complaints.body')}</p>
      <ComplaintForm />
      <SupportContact />
    </StaticPage>
  );
}
