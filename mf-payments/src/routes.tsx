/** mf_payments' pages (absolute paths, spec section 2). The shell mounts the layout. */
import type { RouteObject } from 'react-router';
import './i18n';
import { CheckoutPage } from './pages/checkout-page';
import { DirectDebitPage } from './pages/direct-debit-page';
import { PackagesPage } from './pages/packages-page';
import { RepeatOrderPage } from './pages/repeat-order-page';
import { TransactionsPage } from './pages/transactions-page';

export const routes: RouteObject[] = [
  { path: '/credits', element: <PackagesPage variant="credits" /> },
  { path: '/credits/repeat-order', element: <RepeatOrderPage /> },
  { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
  { path: '/directdebit', element: <DirectDebitPage /> },
  { path: '/premium', element: <PackagesPage variant="premium" /> },
  { path: '/pricing', element: <PackagesPage variant="pricing" /> },
  { path: '/transactions/:id?', element: <TransactionsPage /> },
];
export default routes;
