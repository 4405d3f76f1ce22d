/**
 * /pages/service: how to reach support (the site's e-mail and phone). Its own file, without the
 * API client or zod, so the light page (src/light) renders it for a visitor as well as the app.
 */
import { useTranslation } from 'react-i18next';
import { useSettings } from '@dating/shared-kit/state';
import { cleanPhone } from '../content/fill';
import { NAMESPACE } from '../namespace';
import { usePageTitle } from './legal-document-page';
import { StaticPage } from './static-page';

/** The support contact (also under the ban notice and on the complaints page). */
export function SupportContact() {
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
