/** mf_payments' pages (absolute paths, spec section 2). The shell mounts the layout. */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '@dating/shared-kit/ui';
import './i18n';
import { CheckoutPage } from './pages/checkout-page';
import { DirectDebitPage } from './pages/direct-debit-page';
import { PackagesPage } from './pages/packages-page';
import { RepeatOrderPage } from './pages/repeat-order-page';
import { TransactionsPage } from './pages/transactions-page';

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
