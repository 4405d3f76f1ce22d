import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page';

/** Unknown page: 404 "This page could not be found" with a link home (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <ErrorPage status={404} message={t('errors.notFound')}>
      <Link to="/">{t('errors.backHome')}</Link>
    </ErrorPage>
  );
}
