/**
 * mf_auth_signup's pages (absolute paths; the shell's route table sends these URLs here).
 * Account settings live under /account/* (route table entry `/account/*`).
 */
import './i18n';
import type { RouteObject } from 'react-router';
import { AccountOverviewPage, ChangeEmailPage, ChangePasswordPage, DeleteAccountPage } from './account/account-pages';
import { SecurityPage } from './account/security-page';
import { AccountDeletedPage } from './pages/account-deleted-page';
import { ActivateDonePage, ActivateErrorPage } from './pages/activate-pages';
import { CompleteSignupPage } from './pages/complete-signup-page';
import { LoginPage } from './pages/login-page';
import { MailChangePage } from './pages/mail-change-page';
import { ResetPasswordDoPage, ResetPasswordPage } from './pages/reset-pages';
import { SignupMatchesPage } from './pages/signup-matches-page';
import { SignupPage } from './pages/signup-page';

export const routes: RouteObject[] = [
  { path: '/signup', element: <SignupPage /> },
  { path: '/signup-matches', element: <SignupMatchesPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/activate/done', element: <ActivateDonePage /> },
  { path: '/activate/error', element: <ActivateErrorPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/reset-password/do', element: <ResetPasswordDoPage /> },
  { path: '/mail-change/do', element: <MailChangePage /> },
  { path: '/complete-signup', element: <CompleteSignupPage /> },
  { path: '/account-deleted', element: <AccountDeletedPage /> },
  { path: '/account', element: <AccountOverviewPage /> },
  { path: '/account/email', element: <ChangeEmailPage /> },
  { path: '/account/password', element: <ChangePasswordPage /> },
  { path: '/account/security', element: <SecurityPage /> },
  { path: '/account/delete', element: <DeleteAccountPage /> },
];
export default routes;
