/**
 * A member's alerts (other remotes' widgets) arrive once the page is idle, after the page itself:
 * they go into the notices region after `<main>`, sticking to the bottom of the screen, so their
 * arrival never moves the page the member is looking at (issue 13: layout shift on member pages);
 * folded by default to a pill that counts them, so they do not cover the page either.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { init, registerPlugins } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession, useSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { initFederation } from '../federation/remote-loader';
import { cssValue } from '../test/css-rules';
import { renderInShell } from '../test/render';
import { DefaultLayout } from './layouts';
import { NOTICE_WIDGETS } from './notices';

/**
 * Stand-ins for two of the alerts: a reminder that shows while the e-mail address is not confirmed,
 * a banner that shows while `bannerRuns` and can be closed. Every other widget renders nothing.
 */
let bannerRuns = true;
const bannerListeners = new Set<() => void>();
function setBannerRuns(value: boolean) {
  bannerRuns = value;
  for (const listener of bannerListeners) listener();
}
function FakeReminder() {
  const user = useSession();
  if (!user || user.email_confirmed) return null;
  return (
    <div role="status">
      <p>Bevestig je e-mailadres</p>
    </div>
  );
}
function FakeBanner() {
  const runs = useSyncExternalStore(
    (listener) => {
      bannerListeners.add(listener);
      return () => bannerListeners.delete(listener);
    },
    () => bannerRuns,
  );
  const [open, setOpen] = useState(true);
  return runs && open ? (
    <section aria-label="Welkomstbonus">
      <Link to="/credits">Ontgrendel</Link>
      <button type="button" onClick={() => setOpen(false)}>
        Sluiten
      </button>
    </section>
  ) : null;
}
const FAKES: Record<string, () => ReactNode> = { './EmailReminder': FakeReminder, './WelcomeBonusBanner': FakeBanner };

/** Which widgets have mounted (rendering something or not), so a test can wait until all came. */
const mounted = new Set<string>();
const widgets = new Map<string, () => ReactNode>();
function widget(expose: string): () => ReactNode {
  let component = widgets.get(expose);
  if (!component) {
    const Inner = FAKES[expose] ?? (() => null);
    component = function Widget() {
      useEffect(() => {
        mounted.add(expose);
      }, []);
      return <Inner />;
    };
    widgets.set(expose, component);
  }
  return component;
}

const inMemoryRemotes: ModuleFederationRuntimePlugin = {
  name: 'test-in-memory-alerts',
  loadEntry({ remoteInfo }) {
    if (!['mf_auth_signup', 'mf_payments', 'mf_members'].includes(remoteInfo.name)) return undefined;
    return {
      init: () => undefined,
      get: (expose: string) => () =>
        Promise.resolve({ default: widget(expose) }),
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
  window.sessionStorage.clear();
  bannerRuns = true;
  mounted.clear();
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});
afterEach(() => act(() => setSession(null)));


/** Every element that comes before `<main>` in the document (what an insertion there would push down). */
function elementsBefore(main: HTMLElement): Element[] {
  return Array.from(document.body.querySelectorAll('*')).filter((el) => el.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING);
}

function renderPage(path: string) {
  return renderInShell(
    <DefaultLayout>
      <h1>Mijn pagina</h1>
    </DefaultLayout>,
    { path },
  );
}

/** The pill, once the alerts have arrived. */
const findPill = (name: string | RegExp) => screen.findByRole('button', { name }, { timeout: 5000 });

it("folds a member's alerts to one pill that counts what shows, and opens them after the page, never above it", async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderPage('/profile');
  const main = screen.getByRole('main');
  const before = elementsBefore(main);

  // two of the five widgets render something: the pill says 2, unseen yet, and the cards stay folded
  const pill = await findPill('2 meldingen (nieuw)');
  expect(pill).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
  const list = document.getElementById(pill.getAttribute('aria-controls') ?? '');
  expect(list).not.toBeVisible();

  await userEvent.click(pill);
  expect(pill).toHaveAttribute('aria-expanded', 'true');
  expect(list).toBeVisible();
  const reminder = screen.getByRole('status');
  expect(reminder).toHaveTextContent('Bevestig je e-mailadres');
  const banner = screen.getByRole('region', { name: 'Welkomstbonus' });
  // seen now: no more "new"
  expect(pill).toHaveAccessibleName('2 meldingen');

  // nothing was added above the page's content; the cards follow <main>, the reminder first, the pill last
  expect(elementsBefore(main)).toEqual(before);
  expect(main.compareDocumentPosition(reminder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(reminder.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(banner.compareDocumentPosition(pill) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  // an alert keeps its own behaviour there, and the count follows it: the banner closes, 1 is left
  await userEvent.click(within(banner).getByRole('button', { name: 'Sluiten' }));
  expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
  expect(await findPill('1 melding')).toBe(pill);
  expect(screen.getByRole('status')).toHaveTextContent('Bevestig je e-mailadres');
}, 10_000);

it('keeps the pill in sight: it sticks to the bottom of the screen, above the tab bar where it shows', async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderPage('/members');
  const region = (await findPill(/^2 meldingen/)).parentElement;
  if (!region) throw new Error('the notices have no region');
  expect(cssValue(region, 'position')).toBe('sticky');
  expect(cssValue(region, 'bottom')).toBe('16px');
  expect(cssValue(region, 'bottom', '(max-width: 1199.98px)')).toBe('72px');
}, 10_000);

it('closes with the pill or with Escape, and remembers open or closed for the tab', async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  const { unmount } = renderPage('/likes');
  const pill = await findPill(/^2 meldingen/);
  await userEvent.click(pill);
  expect(screen.getByRole('status')).toBeVisible();

  // Escape from within the cards folds them and brings the focus back to the pill
  screen.getByRole('button', { name: 'Sluiten' }).focus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(pill).toHaveAttribute('aria-expanded', 'false');
  expect(pill).toHaveFocus();

  // the pill opens and closes them
  await userEvent.click(pill);
  expect(pill).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(pill);
  expect(pill).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();

  // the next page in this tab starts closed, as the member left it; then open, as they left it
  unmount();
  const second = renderPage('/likes');
  expect(await findPill('2 meldingen')).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(screen.getByRole('button', { name: '2 meldingen' }));
  second.unmount();
  renderPage('/likes');
  expect(await findPill('2 meldingen')).toHaveAttribute('aria-expanded', 'true');
  expect(await screen.findByRole('status')).toHaveTextContent('Bevestig je e-mailadres');

  // Escape anywhere on the page folds them too
  await userEvent.click(screen.getByRole('heading', { name: 'Mijn pagina' }));
  await userEvent.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: '2 meldingen' })).toHaveAttribute('aria-expanded', 'false');
}, 15_000);

it("folds the alerts when the member follows an alert's link, so the page it leads to is not covered", async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderPage('/members');
  const pill = await findPill(/^2 meldingen/);
  await userEvent.click(pill);
  await userEvent.click(within(screen.getByRole('region', { name: 'Welkomstbonus' })).getByRole('link', { name: 'Ontgrendel' }));
  expect(pill).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
}, 10_000);

it('marks an alert that arrives unseen with a dot on the folded pill, and never opens over the page for it', async () => {
  setBannerRuns(false);
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderPage('/members');
  const pill = await findPill('1 melding (nieuw)');
  expect(pill.querySelector('[data-unseen]')).not.toBeNull();
  await userEvent.click(pill);
  await userEvent.click(pill);
  expect(pill).toHaveAccessibleName('1 melding');
  expect(pill.querySelector('[data-unseen]')).toBeNull();

  // the welcome bonus starts later
  act(() => setBannerRuns(true));
  expect(await findPill('2 meldingen (nieuw)')).toBe(pill);
  expect(pill).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
}, 10_000);

it('shows no pill at all when no alert has anything to say', async () => {
  setBannerRuns(false);
  act(() => setSession(makeUser({ email_confirmed: true })));
  renderPage('/members');
  // every alert widget came, and none rendered anything
  await waitFor(() => expect([...mounted]).toEqual(expect.arrayContaining(NOTICE_WIDGETS.map((id) => `./${id.split('/')[1]}`))), { timeout: 5000 });
  expect(screen.queryByRole('button', { name: /melding/ })).not.toBeInTheDocument();

  // one arrives: the pill with it
  act(() => setBannerRuns(true));
  expect(await findPill('1 melding (nieuw)')).toHaveAttribute('aria-expanded', 'false');
}, 10_000);
