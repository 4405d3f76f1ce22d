/** mf_payments' pages (absolute paths, spec section 2). The shell mounts the layout. */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyWithTexts } from '@dating/shared-kit/i18n';
import { Spinner } from '@dating/shared-kit/ui';
import './i18n';

// Each page is a chunk of its own: /credits downloads the packages page, not the checkout or the
// transactions. While one loads, the shell's page area keeps its place (no layout shift).
const PackagesPage = lazyWithTexts(() => import(/* webpackChunkName: "page-packages" */ './pages/packages-page'), 'PackagesPage');
const CheckoutPage = lazyWithTexts(() => import(/* webpackChunkName: "page-checkout" */ './pages/checkout-page'), 'CheckoutPage');
const DirectDebitPage = lazyWithTexts(
  () => import(/* webpackChunkName: "page-direct-debit" */ './pages/direct-debit-page'),
  'DirectDebitPage',
);
const RepeatOrderPage = lazyWithTexts(
  () => import(/* webpackChunkName: "page-repeat-order" */ './pages/repeat-order-page'),
  'RepeatOrderPage',
);
const TransactionsPage = lazyWithTexts(
  () => import(/* webpackChunkName: "page-transactions" */ './pages/transactions-page'),
  'TransactionsPage',
);

/** The staff pages (issue 15): their own chunk, loaded only when a staff page opens. */
const StaffPage = lazy(() => import(/* webpackChunkName: "staff" */ './backoffice'));
const staff = (area: 'payments' | 'codes' | 'blocked'): RouteObject => ({
  path: `/backoffice/${area}/*`,
  element: (
    <Suspense fallback={<Spinner />}>
      <StaffPage area={area} />
    </Suspense>
  ),
});

export const routes: RouteObject[] = [
  { path: '/credits', element: <PackagesPage variant="credits" /> },
  { path: '/credits/repeat-order', element: <RepeatOrderPage /> },
  { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
  { path: '/directdebit', element: <DirectDebitPage /> },
  { path: '/premium', element: <PackagesPage variant="premium" /> },
  { path: '/pricing', element: <PackagesPage variant="pricing" /> },
  { path: '/transactions/:id?', element: <TransactionsPage /> },
  staff('payments'),
  staff('codes'),
  staff('blocked'),
];
export default routes;
