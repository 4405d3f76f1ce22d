/**
 * A member's alerts (other remotes' widgets) arrive once the page is idle, after the page itself.
 * They live behind a bell in the top bar that counts them and opens a panel (issue 29 item 3: the
 * floating pill they had covered the right half of "Bericht sturen"; open, it covered cards), so
 * their arrival neither moves nor covers the page; the one urgent notice (mail bounces) stands
 * inline on the overview in space reserved at first render.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { init, registerPlugins } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { bus } from '@dating/shared-kit/bus';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession, useSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { initFederation } from '../federation/remote-loader';
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
function FakeBounce() {
  const user = useSession();
  if (!user?.notifications_disabled.includes('bounce')) return null;
  return (
    <div role="alert">
      <p>Je e-mail komt niet aan</p>
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
/** The match modal: opens on `match:new` (as mf_members' does). */
function FakeMatch() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => bus.on('match:new', ({ profile }) => setName(profile.name)), []);
  return name ? <div role="dialog" aria-label={`Match met ${name}`} /> : null;
}
const FAKES: Record<string, () => ReactNode> = {
  './EmailReminder': FakeReminder,
  './WelcomeBonusBanner': FakeBanner,
  './NotificationsAlert': FakeBounce,
  './MatchModal': FakeMatch,
};

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
      get: (expose: string) => () => Promise.resolve({ default: widget(expose) }),
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

function renderPage(path: string, page: ReactNode = <h1>Mijn pagina</h1>) {
  return renderInShell(<DefaultLayout>{page}</DefaultLayout>, { path });
}

/** The bell, once it has this name. */
const findBell = (name: string | RegExp) => screen.findByRole('button', { name }, { timeout: 5000 });

it('counts what the alerts show on a bell in the top bar, which opens a named panel and moves the focus into it', async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderPage('/profile');
  // the bell is in the top bar from the first render, so nothing moves when alerts arrive
  const banner = screen.getByRole('banner');
  expect(within(banner).getByRole('button', { name: /^Meldingen/ })).toBeInTheDocument();

  // two of the widgets render something: the bell says 2, unseen yet, and the panel stays closed
  const bell = await findBell('Meldingen (2) (nieuw)');
  expect(banner).toContainElement(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Meldingen' })).not.toBeInTheDocument();

  await userEvent.click(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  const panel = screen.getByRole('region', { name: 'Meldingen' });
  expect(panel).toHaveFocus();
  expect(bell.getAttribute('aria-controls')).toBe(panel.id);
  expect(within(panel).getByRole('status')).toHaveTextContent('Bevestig je e-mailadres');
  const bonus = within(panel).getByRole('region', { name: 'Welkomstbonus' });
  // seen now: no more "new"
  expect(bell).toHaveAccessibleName('Meldingen (2)');

  // an alert keeps its own behaviour there, and the count follows it: the banner closes, 1 is left
  await userEvent.click(within(bonus).getByRole('button', { name: 'Sluiten' }));
  expect(await findBell('Meldingen (1)')).toBe(bell);
}, 10_000);

it('closes with Escape (focus back on the bell), with the bell and with a click elsewhere, and starts closed on the next page', async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  const { unmount } = renderPage('/likes');
  const bell = await findBell(/^Meldingen \(2\)/);
  await userEvent.click(bell);
  screen.getByRole('button', { name: 'Sluiten' }).focus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('region', { name: 'Meldingen' })).not.toBeInTheDocument();
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  expect(bell).toHaveFocus();

  await userEvent.click(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'false');

  await userEvent.click(bell);
  await userEvent.click(screen.getByRole('heading', { name: 'Mijn pagina' }));
  expect(bell).toHaveAttribute('aria-expanded', 'false');

  // left open, the next page still starts closed: only the member opens it
  await userEvent.click(bell);
  unmount();
  renderPage('/likes');
  expect(await findBell('Meldingen (2)')).toHaveAttribute('aria-expanded', 'false');
}, 15_000);

it("closes the panel when the member follows an alert's link, so the page it leads to is not covered", async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderPage('/members');
  const bell = await findBell(/^Meldingen \(2\)/);
  await userEvent.click(bell);
  await userEvent.click(within(screen.getByRole('region', { name: 'Welkomstbonus' })).getByRole('link', { name: 'Ontgrendel' }));
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('region', { name: 'Meldingen' })).not.toBeInTheDocument();
}, 10_000);

it('marks an alert that arrives unseen on the bell, and never opens the panel for it', async () => {
  setBannerRuns(false);
  act(() => setSession(makeUser({ email_confirmed: false })));
  renderPage('/members');
  const bell = await findBell('Meldingen (1) (nieuw)');
  expect(bell.querySelector('[data-unseen]')).not.toBeNull();
  await userEvent.click(bell);
  await userEvent.click(bell);
  expect(bell).toHaveAccessibleName('Meldingen (1)');
  expect(bell.querySelector('[data-unseen]')).toBeNull();

  act(() => setBannerRuns(true));
  expect(await findBell('Meldingen (2) (nieuw)')).toBe(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'false');
}, 10_000);

it('says there is nothing when no alert has anything to say', async () => {
  setBannerRuns(false);
  act(() => setSession(makeUser({ email_confirmed: true })));
  renderPage('/members');
  await waitFor(() => expect([...mounted]).toEqual(expect.arrayContaining(NOTICE_WIDGETS.map((id) => `./${id.split('/')[1]}`))), {
    timeout: 5000,
  });
  const bell = screen.getByRole('button', { name: 'Meldingen' });
  await userEvent.click(bell);
  expect(screen.getByRole('region', { name: 'Meldingen' })).toHaveTextContent('Geen meldingen');
}, 10_000);

it('loads the like and match modals only when their event comes, and the modal still opens for it', async () => {
  setBannerRuns(false);
  act(() => setSession(makeUser({ email_confirmed: true })));
  renderPage('/members');
  // the page is idle and its alerts and the time-bonus modal have come; the two modals have not
  await waitFor(
    () =>
      expect([...mounted]).toEqual(expect.arrayContaining(['./TimeBonusModal', ...NOTICE_WIDGETS.map((id) => `./${id.split('/')[1]}`)])),
    {
      timeout: 5000,
    },
  );
  expect(mounted).not.toContain('./MatchModal');
  expect(mounted).not.toContain('./LikeModal');

  act(() => bus.emit('match:new', { profile: { id: 7, name: 'Sanne', main_image: null, fictional: false } }));
  expect(await screen.findByRole('dialog', { name: 'Match met Sanne' })).toBeInTheDocument();
  expect(mounted).not.toContain('./LikeModal');
}, 10_000);

it('shows the urgent notice (mail bounces) inline at the top of the overview, in space reserved at first render', async () => {
  setBannerRuns(false);
  act(() => setSession(makeUser({ email_confirmed: true, notifications_disabled: ['bounce'] })));
  const { unmount } = renderPage('/members');
  const main = screen.getByRole('main');
  // reserved before the widget came
  const slot = main.querySelector('[data-slot="urgent-notice"]');
  if (!slot) throw new Error('no space reserved for the urgent notice');
  expect(slot.firstElementChild?.textContent ?? '').toBe('');
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(slot).toContainElement(alert);
  expect(
    slot.compareDocumentPosition(screen.getByRole('heading', { name: 'Mijn pagina' })) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
  // the bell does not count it a second time
  await waitFor(() => expect(mounted.has('./WelcomeBonusBanner')).toBe(true), { timeout: 5000 });
  expect(screen.getByRole('button', { name: 'Meldingen' })).toBeInTheDocument();
  unmount();

  // on another page it is one of the bell's notices
  renderPage('/likes');
  expect(screen.getByRole('main').querySelector('[data-slot="urgent-notice"]')).toBeNull();
  await findBell('Meldingen (1) (nieuw)');
}, 10_000);

it('covers nothing: with notices waiting, "Bericht sturen" on a profile is its own button', async () => {
  act(() => setSession(makeUser({ email_confirmed: false })));
  const send = jest.fn();
  renderPage(
    '/members/42',
    <button type="button" onClick={send}>
      Bericht sturen
    </button>,
  );
  const bell = await findBell(/^Meldingen \(2\)/);
  // nothing of the notices stands in the page: the bell and its closed panel are in the top bar
  const main = screen.getByRole('main');
  expect(main.querySelector('[data-slot="notices"]')).toBeNull();
  expect(screen.getByRole('banner')).toContainElement(bell);
  await userEvent.click(screen.getByRole('button', { name: 'Bericht sturen' }));
  expect(send).toHaveBeenCalledTimes(1);
  expect(bell).toHaveAttribute('aria-expanded', 'false');
}, 10_000);
