import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { setSession } from '@dating/shared-kit/state';
import { serve } from '@dating/shared-kit/testing';
import type { UserTimeBonus } from '@dating/shared-kit/contracts';
import { splitCountdown } from '../lib/countdown';
import { loginAs, makeCredits, renderAt, resetBrowserState } from '../test-utils';
import TimeBonusModal, { DISMISSED_KEY } from './time-bonus-modal';
import WelcomeBonusBanner from './welcome-bonus-banner';

function timeBonus(secondsLeft: number): UserTimeBonus {
  return {
    code: 'TIMEBONUS25',
    country: null,
    user_id: 1,
    expires: new Date(Date.now() + secondsLeft * 1000).toISOString(),
    value_percentage: 25,
    currency: 'EUR',
    minimum_order_value: 0,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: [],
    visible: true,
    countdown: splitCountdown(secondsLeft),
    seconds_left: secondsLeft,
  };
}

const tick = async (ms: number) => {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
};

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: false });
  resetBrowserState();
  serve({
    'GET /api/credits.php': () => makeCredits(),
    'GET /api/discountcode.php': () => ({ status: 404, body: { error: 'discount_code_not_found', message: 'Code niet gevonden' } }),
  });
});
afterEach(async () => {
  await act(async () => setSession(null));
  jest.useRealTimers();
});

describe('welcome-bonus banner', () => {
  it('counts down every second in hh:mm:ss, links to /credits and really ends at 0', async () => {
    loginAs({ id: 11, credits: 0, time_bonus: timeBonus(3601) });
    await renderAt('/members', <WelcomeBonusBanner />);
    const banner = screen.getByRole('region', { name: 'Welkomstbonus' });
    expect(banner).toHaveTextContent('01:00:01');
    expect(banner).toHaveTextContent('25% korting');
    expect(within(banner).getByRole('link', { name: 'Ontgrendel je korting' })).toHaveAttribute('href', '/credits');
    await tick(1000);
    expect(banner).toHaveTextContent('01:00:00');
    await tick(1000);
    expect(banner).toHaveTextContent('00:59:59');
    jest.setSystemTime(Date.now() + 3597_000); // skip ahead without rendering every second
    await tick(1000);
    expect(banner).toHaveTextContent('00:00:01');
    await tick(1000);
    expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
  });

  it('ends exactly at zero', async () => {
    loginAs({ id: 17, credits: 0, time_bonus: timeBonus(2) });
    await renderAt('/members', <WelcomeBonusBanner />);
    const banner = screen.getByRole('region', { name: 'Welkomstbonus' });
    expect(banner).toHaveTextContent('00:00:02');
    await tick(1000);
    expect(banner).toHaveTextContent('00:00:01');
    await tick(1000);
    expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
  });

  it('a session refresh does not start a second countdown', async () => {
    const user = loginAs({ id: 18, credits: 0, time_bonus: timeBonus(100) });
    await renderAt('/members', <WelcomeBonusBanner />);
    const banner = screen.getByRole('region', { name: 'Welkomstbonus' });
    await tick(10_000);
    expect(banner).toHaveTextContent('00:01:30');
    // the periodic refresh brings the user again, with the server's countdown of that moment (a little off)
    await act(async () => setSession({ ...user, credits: 0, time_bonus: timeBonus(95) }));
    expect(banner).toHaveTextContent('00:01:30');
    await tick(1000);
    expect(banner).toHaveTextContent('00:01:29');
  });

  it('announces the time bonus on the bus and goes away at logout and for a paid member', async () => {
    const seen: boolean[] = [];
    const off = bus.on('timebonus:changed', ({ visible }) => seen.push(visible));
    const user = loginAs({ id: 12, credits: 0, time_bonus: timeBonus(60) });
    await renderAt('/members', <WelcomeBonusBanner />);
    expect(screen.getByRole('region', { name: 'Welkomstbonus' })).toHaveTextContent('00:01:00');
    expect(seen.at(-1)).toBe(true);
    await act(async () => setSession({ ...user, paid_user: true }));
    expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
    expect(seen.at(-1)).toBe(false);
    off();
  });

  it('without a time bonus, shows the welcome code until it ends; nothing when there is none', async () => {
    serve({
      'GET /api/discountcode.php': (url) =>
        url.searchParams.get('welcome') === 'true'
          ? {
              code: 'WELCOME25',
              percentage: 25,
              minimum_order_value: 0,
              country: null,
              expires: new Date(Date.now() + 90_000).toISOString(),
            }
          : { status: 404, body: { error: 'discount_code_not_found', message: 'Code niet gevonden' } },
    });
    loginAs({ id: 5, credits: 3 });
    await renderAt('/members', <WelcomeBonusBanner />);
    await tick(0);
    expect(await screen.findByRole('region', { name: 'Welkomstbonus' })).toHaveTextContent('00:01:30');
    await tick(90_000);
    expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).not.toBeInTheDocument();
  });
});

describe('time-bonus modal', () => {
  it('opens after 40 s in the members area for a member with 0 credits; a named, focus-trapping dialog; closing is remembered', async () => {
    loginAs({ id: 13, credits: 0, time_bonus: timeBonus(4 * 3600) });
    const { unmount } = await renderAt('/members', <TimeBonusModal />);
    await tick(39_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await tick(1000);
    const dialog = screen.getByRole('dialog', { name: 'Speciale aanbieding!' });
    expect(dialog).toHaveTextContent('25% korting');
    expect(dialog).toHaveTextContent('4 uur');
    expect(dialog).toHaveTextContent('03:59:20');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_KEY)).not.toBeNull();
    unmount();

    await renderAt('/members', <TimeBonusModal />);
    await tick(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('not outside the members area, not with credits, not without a time bonus', async () => {
    loginAs({ id: 14, credits: 0, time_bonus: timeBonus(4 * 3600) });
    const first = await renderAt('/credits', <TimeBonusModal />);
    await tick(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    loginAs({ id: 15, credits: 5, time_bonus: timeBonus(4 * 3600) });
    const second = await renderAt('/members', <TimeBonusModal />);
    await tick(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();

    loginAs({ id: 16, credits: 0, time_bonus: null });
    await renderAt('/members', <TimeBonusModal />);
    await tick(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
