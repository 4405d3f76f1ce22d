/**
 * A member's alerts (other remotes' widgets) arrive once the page is idle, after the page itself:
 * they go into the notices region after `<main>`, sticking to the bottom of the screen, so their
 * arrival never moves the page the member is looking at (issue 13: layout shift on member pages).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { init, registerPlugins } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { initFederation } from '../federation/remote-loader';
import { cssValue } from '../test/css-rules';
import { renderInShell } from '../test/render';
import { DefaultLayout } from './layouts';

/** Stand-ins for two of the alerts: a reminder that stays, a banner that can be closed (every other widget renders nothing). */
function FakeReminder() {
  return (
    <div role="status">
      <p>Bevestig je e-mailadres</p>
    </div>
  );
}
function FakeBanner() {
  const [open, setOpen] = useState(true);
  return open ? (
    <section aria-label="Welkomstbonus">
      <button type="button" onClick={() => setOpen(false)}>
        Sluiten
      </button>
    </section>
  ) : null;
}

const inMemoryRemotes: ModuleFederationRuntimePlugin = {
  name: 'test-in-memory-alerts',
  loadEntry({ remoteInfo }) {
    if (!['mf_auth_signup', 'mf_payments', 'mf_members'].includes(remoteInfo.name)) return undefined;
    return {
      init: () => undefined,
      get: (expose: string) => () =>
        Promise.resolve({ default: expose === './EmailReminder' ? FakeReminder : expose === './WelcomeBonusBanner' ? FakeBanner : () => null }),
    };
  },
};

beforeAll(() => {
  init({ name: 'shell', remotes: [] });
  registerPlugins([inMemoryRemotes]);
  initFederation({
    remotes: [
      { name: 'mf_auth_signup', entry: 'http://cdn.test/mf-auth-signup/remoteEntry.js' },
      { name: 'mf_payments', entry: 'http://cdn.test/mf-payments/remoteEntry.js' },
      { name: 'mf_members', entry: 'http://cdn.test/mf-members/remoteEntry.js' },
    ],
  });
});
beforeEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});
afterEach(() => act(() => setSession(null)));

/** Every element that comes before `<main>` in the document (what an insertion there would push down). */
function elementsBefore(main: HTMLElement): Element[] {
  return Array.from(document.body.querySelectorAll('*')).filter((el) => el.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING);
}

it("puts a member's alerts after the page when they arrive, never above it", async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderInShell(
    <DefaultLayout>
      <h1>Mijn profiel</h1>
    </DefaultLayout>,
    { path: '/profile' },
  );
  const main = screen.getByRole('main');
  const before = elementsBefore(main);

  const reminder = await screen.findByRole('status', {}, { timeout: 5000 });
  expect(reminder).toHaveTextContent('Bevestig je e-mailadres');
  const banner = await screen.findByRole('region', { name: 'Welkomstbonus' });

  // nothing was added above the page's content; both alerts follow <main>, the reminder first
  expect(elementsBefore(main)).toEqual(before);
  expect(main.compareDocumentPosition(reminder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(reminder.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(within(main).getByRole('heading', { name: 'Mijn profiel' })).toBeInTheDocument();

  // an alert keeps its own behaviour there: the banner's button closes it
  await userEvent.click(within(banner).getByRole('button', { name: 'Sluiten' }));
  expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Bevestig je e-mailadres');
}, 10_000);

it('keeps the alerts in sight: they stick to the bottom of the screen, above the tab bar where it shows', async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderInShell(
    <DefaultLayout>
      <h1>Leden zoeken</h1>
    </DefaultLayout>,
    { path: '/members' },
  );
  await screen.findByRole('status', {}, { timeout: 5000 });
  const region = screen.getByRole('button', { name: 'Meldingen verbergen' }).parentElement;
  if (!region) throw new Error('the notices have no region');
  expect(cssValue(region, 'position')).toBe('sticky');
  expect(cssValue(region, 'bottom')).toBe('16px');
  expect(cssValue(region, 'bottom', '(max-width: 1199.98px)')).toBe('72px');
}, 10_000);

it('lets the member fold the alerts away and back, remembered for the tab', async () => {
  window.sessionStorage.clear();
  act(() => setSession(makeUser({ email_confirmed: false })));
  const page = (
    <DefaultLayout>
      <h1>Likes</h1>
    </DefaultLayout>
  );
  const { unmount } = renderInShell(page, { path: '/likes' });
  await screen.findByRole('status', {}, { timeout: 5000 });
  const hide = screen.getByRole('button', { name: 'Meldingen verbergen' });
  expect(hide).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(hide);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Meldingen tonen' })).toHaveAttribute('aria-expanded', 'false');

  // the next page in this tab starts folded
  unmount();
  renderInShell(page, { path: '/likes' });
  await userEvent.click(await screen.findByRole('button', { name: 'Meldingen tonen' }, { timeout: 5000 }));
  expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('Bevestig je e-mailadres');
  window.sessionStorage.clear();
}, 15_000);
