/**
 * Test helpers: a routed render with the current URL shown (an <output> named "current path"),
 * a logged-in member, and valid answers of the payments calls for the in-process `serve`.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import type { User } from '@dating/shared-kit/contracts';
import type { CreditPackage, CreditsResponse, PackageId, Payment } from '@dating/shared-kit/contracts';
import { routes } from './routes';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="current path">{`${pathname}${search}`}</output>;
}

function App({ extra }: { extra?: ReactElement }) {
  return (
    <>
      {useRoutes([...routes, { path: '*', element: null }])}
      {extra}
      <Where />
    </>
  );
}

/** Render the payments routes at `path` in Dutch (plus `extra`, e.g. a widget), once the page's chunk has loaded. */
export async function renderAt(path: string, extra?: ReactElement) {
  await i18n.changeLanguage('nl');
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>page loading</p>}>
        <App extra={extra} />
      </Suspense>
    </MemoryRouter>,
  );
  await waitFor(() => expect(screen.queryByText('page loading')).toBeNull());
  return result;
}

export function loginAs(overrides: Partial<User> & { time_bonus?: unknown } = {}): User {
  const user = makeUser(overrides);
  setSession(user);
  return user;
}

export function useSiteSettings(): void {
  store.set(settingsAtom, makeSettings({ refund_days: 14 }));
}

export function resetBrowserState(): void {
  sessionStorage.clear();
  localStorage.clear();
  setSession(null);
}

const pkg = (id: PackageId, credits: number, amount: number, extra: Partial<CreditPackage> = {}): CreditPackage => ({
  id,
  credits,
  amount,
  original_amount: amount,
  currency: 'EUR',
  popular: false,
  tryout: false,
  discount: null,
  ...extra,
});

/** GET /api/credits.php for a Dutch member: four packages, a try-out, iDEAL with banks, card, PayPal, SEPA. */
export function makeCredits(overrides: Partial<CreditsResponse> = {}): CreditsResponse {
  return {
    country: 'NL',
    currency: 'EUR',
    packages: [
      pkg('p0', 50, 1299),
      pkg('p1', 100, 1999, { popular: true }),
      pkg('p2', 250, 3999),
      pkg('p3', 600, 7999),
      pkg('tryout', 10, 199, { tryout: true }),
    ],
    discount: null,
    methods: [
      {
        id: 'ideal',
        name: 'iDEAL',
        issuers: [
          { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
          { id: 'ideal_INGBNL2A', name: 'ING' },
        ],
      },
      { id: 'creditcard', name: 'Card' },
      { id: 'paypal', name: 'PayPal' },
      { id: 'sdd', name: 'SEPA Direct Debit' },
    ],
    saved_card: null,
    direct_debit: true,
    refund_days: 14,
    ...overrides,
  };
}

/** The same packages `percentage` cheaper (what the server answers with a discount). */
export function discounted(credits: CreditsResponse, percentage: number, code: string): CreditsResponse {
  const discount = { code, percentage, kind: 'code' as const, expires: null };
  return {
    ...credits,
    packages: credits.packages.map((p) => ({ ...p, amount: Math.round((p.original_amount * (100 - percentage)) / 100), discount })),
    discount,
  };
}

/** GET /api/payment.php?id for the member's payment. */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 41,
    status: 'open',
    amount: 1999,
    currency: 'EUR',
    package: 'p1',
    package_credits: 60,
    method: 'ideal',
    kind: 'checkout',
    discount: null,
    created_at: '2026-11-24T05:00:00.000Z',
    paid_at: null,
    ...overrides,
  };
}
