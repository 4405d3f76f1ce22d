/**
 * mf_payments' pages. The payments capability (a later issue) replaces these placeholders;
 * see docs/placeholders.md.
 */
import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Container, PlaceholderPage } from '@dating/shared-kit/ui';
import { NAMESPACE } from './i18n';

type TitleKey =
  | 'titles.credits'
  | 'titles.repeatOrder'
  | 'titles.paymentMethod'
  | 'titles.directDebit'
  | 'titles.premium'
  | 'titles.pricing'
  | 'titles.transactions';

function PaymentsPlaceholder({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation(NAMESPACE);
  const title = t(titleKey);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Container>
      <PlaceholderPage title={title} />
    </Container>
  );
}

export const routes: RouteObject[] = [
  { path: '/credits', element: <PaymentsPlaceholder titleKey="titles.credits" /> },
  { path: '/credits/repeat-order', element: <PaymentsPlaceholder titleKey="titles.repeatOrder" /> },
  { path: '/credits/:id/:paymentmethod?', element: <PaymentsPlaceholder titleKey="titles.paymentMethod" /> },
  { path: '/directdebit', element: <PaymentsPlaceholder titleKey="titles.directDebit" /> },
  { path: '/premium', element: <PaymentsPlaceholder titleKey="titles.premium" /> },
  { path: '/pricing', element: <PaymentsPlaceholder titleKey="titles.pricing" /> },
  { path: '/transactions/:id?', element: <PaymentsPlaceholder titleKey="titles.transactions" /> },
];
export default routes;
