/**
 * Legal and help pages (spec section 2 "static pages"). The long texts (terms, privacy, cookies,
 * refund policy, ban policy, FAQ) are content files loaded on demand (../content); service
 * (service-page.tsx, also on the light page) and
 * complaints are short texts of this module's namespace. Every page's title is the footer link's
 * name (common namespace), so a link and the page it opens carry one name.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@dating/shared-kit/api';
import { ZBanStatusResponse } from '@dating/shared-kit/contracts';
import { Alert } from '@dating/shared-kit/ui';
import { ComplaintForm } from './complaint-form';
import { NAMESPACE } from '../i18n';
import { LegalDocumentPage, usePageTitle } from './legal-document-page';
import { SupportContact } from './service-page';
import { StaticPage } from './static-page';

export { cleanPhone, TERMS_VERSION_DATE } from '../content/fill';
export { ServicePage } from './service-page';

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
