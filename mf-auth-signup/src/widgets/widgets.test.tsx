/**
 * The widgets other layouts mount: the sign-up modal (desktop modal / phone page, not closable by
 * Escape once under way), the e-mail reminder, the notifications-disabled alert, the entry warning.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { renderAt, resetBrowserState, setViewport } from '../testing/render';
import EmailReminder from './email-reminder';
import EntryWarning, { ENTRY_WARNING_KEY } from './entry-warning';
import NotificationsAlert from './notifications-alert';
import SignupModal from './signup-modal';

beforeEach(() => {
  resetBrowserState();
  setViewport('desktop');
});

describe('SignupModal', () => {
  it('opens on signup:open as a named dialog; Escape closes it only before sign-up is under way', async () => {
    const user = userEvent.setup();
    await renderAt(<SignupModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => bus.emit('signup:open', {}));
    const dialog = await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();

    act(() => bus.emit('signup:open', {}));
    const again = await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    await user.selectOptions(within(again).getByLabelText('Ik ben een'), 'female');
    await user.click(within(again).getByRole('button', { name: 'Volgende' }));
    await within(again).findByRole('heading', { name: 'Wanneer ben je geboren?' });
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Gratis aanmelden' })).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to the /signup page on a phone', async () => {
    setViewport('phone');
    await renderAt(<SignupModal />, { path: '/members' });
    act(() => bus.emit('signup:open', {}));
    expect(await screen.findByRole('status', { name: 'current path' })).toHaveTextContent('/signup');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says what the visitor tried (log in to like, to see photos), in the modal and on the phone's page", async () => {
    await renderAt(<SignupModal />);
    act(() => bus.emit('signup:open', { reason: 'like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    expect(within(dialog).getByText('Log in om een like te geven. Aanmelden is gratis.')).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    act(() => bus.emit('signup:open', {}));
    const plain = await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    expect(within(plain).queryByText(/Log in om/)).not.toBeInTheDocument();
  });

  it('takes the reason along to the /signup page on a phone', async () => {
    setViewport('phone');
    await renderAt(<SignupModal />, { path: '/members/12' });
    act(() => bus.emit('signup:open', { reason: 'photo' }));
    expect(await screen.findByRole('status', { name: 'current path' })).toHaveTextContent('/signup?reason=photo');
  });

  it('does not open for a logged-in member', async () => {
    setSession(makeUser());
    await renderAt(<SignupModal />);
    act(() => bus.emit('signup:open', {}));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('EmailReminder', () => {
  it('shows an alert with a resend button while the address is unconfirmed', async () => {
    setSession(makeUser({ email_confirmed: false, status: 'not_confirmed', email: 'nog@example.com' }));
    await renderAt(<EmailReminder />, { path: '/members' });
    expect(screen.getByText(/We hebben een activatielink gestuurd naar nog@example\.com/)).toBeInTheDocument();
    // what waits for the confirmation: messages and likes are held from the other members
    expect(screen.getByText(/ontvangen andere leden je berichten en likes niet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stuur activatiemail opnieuw' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal on a phone right after sign-up, and absent on signup/settings/notifications', async () => {
    setViewport('phone');
    setSession(makeUser({ email_confirmed: false, status: 'not_confirmed' }));
    const view = await renderAt(<EmailReminder />, { path: '/signup-matches?api_signup_complete=1' });
    expect(screen.getByRole('dialog', { name: 'Bevestig je e-mailadres' })).toBeInTheDocument();
    view.unmount();
    for (const path of ['/signup', '/notifications', '/account/password']) {
      const v = await renderAt(<EmailReminder />, { path });
      expect(screen.queryByText(/activatielink/)).not.toBeInTheDocument();
      v.unmount();
    }
  });

  it('is not shown once confirmed', async () => {
    setSession(makeUser({ email_confirmed: true }));
    await renderAt(<EmailReminder />, { path: '/members' });
    expect(screen.queryByText(/activatielink/)).not.toBeInTheDocument();
  });
});

describe('NotificationsAlert', () => {
  it('gives the reason-specific solution and remembers a dismissal', async () => {
    setSession(makeUser({ notifications_disabled: ['bounce', 'fbl'] }));
    const view = await renderAt(<NotificationsAlert />);
    expect(screen.getByText('Je ontvangt geen e-mails meer van ons')).toBeInTheDocument();
    expect(screen.getByText(/Wijzig je e-mailadres in je accountinstellingen\./)).toBeInTheDocument();
    expect(screen.getByText(/Markeer onze e-mails als 'geen spam'/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'E-mailadres wijzigen' })).toHaveAttribute('href', '/account/email');
    const dismiss = screen.getAllByRole('button').find((b) => b.getAttribute('aria-label'));
    if (!dismiss) throw new Error('no dismiss button');
    await userEvent.click(dismiss);
    expect(screen.queryByText('Je ontvangt geen e-mails meer van ons')).not.toBeInTheDocument();
    view.unmount();
    await renderAt(<NotificationsAlert />);
    expect(screen.queryByText('Je ontvangt geen e-mails meer van ons')).not.toBeInTheDocument();
  });

  it('says why for an unsubscribe', async () => {
    setSession(makeUser({ notifications_disabled: ['listunsubscribe'] }));
    await renderAt(<NotificationsAlert />, { lang: 'en' });
    expect(screen.getByText(/You unsubscribed through your e-mail program\./)).toBeInTheDocument();
  });
});

describe('EntryWarning', () => {
  it('shows once to a logged-out visitor', async () => {
    store.set(settingsAtom, makeSettings({ enable_site_entry_popup: true }));
    const view = await renderAt(<EntryWarning />);
    const dialog = screen.getByRole('dialog', { name: 'Alleen voor volwassenen' });
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ik ben 18+ en ga verder' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(ENTRY_WARNING_KEY)).toBeTruthy();
    view.unmount();
    await renderAt(<EntryWarning />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Verlaten" leaves to the site the visitor came from, or a search engine: never about:blank or our own pages', async () => {
    const { leaveUrl, NEUTRAL_PAGE } = await import('./entry-warning');
    const own = 'https://flirtlokaal.example';
    expect(leaveUrl('https://news.example.org/article?id=3', own)).toBe('https://news.example.org/article?id=3');
    expect(leaveUrl(`${own}/members`, own)).toBe(NEUTRAL_PAGE);
    expect(leaveUrl('', own)).toBe(NEUTRAL_PAGE);
    expect(leaveUrl('javascript:alert(1)', own)).toBe(NEUTRAL_PAGE);
    expect(NEUTRAL_PAGE).toMatch(/^https:\/\//);
  });

  it('has its two buttons side by side across the dialog, each as wide as the other', async () => {
    store.set(settingsAtom, makeSettings({ enable_site_entry_popup: true }));
    await renderAt(<EntryWarning />);
    const dialog = screen.getByRole('dialog', { name: 'Alleen voor volwassenen' });
    const leave = within(dialog).getByRole('button', { name: 'Verlaten' });
    const enter = within(dialog).getByRole('button', { name: 'Ik ben 18+ en ga verder' });
    expect(leave.parentElement).toBe(enter.parentElement);
    expect(getComputedStyle(leave.parentElement as HTMLElement).display).toBe('grid');
    expect(getComputedStyle(leave).width).toBe('100%');
  });

  it('is not shown to members', async () => {
    store.set(settingsAtom, makeSettings({ enable_site_entry_popup: true }));
    setSession(makeUser());
    await renderAt(<EntryWarning />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('tracking data', () => {
  it('is kept from the landing URL for the later sign-up', async () => {
    const { loadTracking } = await import('../tracking');
    await renderAt(<SignupModal />, { path: '/landers/video?network=affnet&ref=r1&sub1=a&sub2=b&sub3=c&other=x' });
    expect(loadTracking()).toEqual({ network: 'affnet', ref: 'r1', sub1: 'a', sub2: 'b', sub3: 'c' });
  });
});
