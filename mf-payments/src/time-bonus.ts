/**
 * The active discount and its countdown, one clock for the whole page: the
 * welcome-bonus banner, the time-bonus modal and the credits page all read it.
 *
 * - The time bonus comes with the member (`user.time_bonus`, loaded at login and on every refresh
 *   of GET /api/user.php): only for a logged-in, non-paid member in the first 4 hours. Otherwise
 *   the welcome code (`GET /api/discountcode.php?welcome=true`, asked once per member, failure
 *   ignored) when it has an end.
 * - The countdown ticks every second from the remaining time: the time bonus's `seconds_left` at
 *   the server's answer (so a wrong clock on the visitor's computer does not matter), the welcome
 *   code's `expires`. While one countdown runs for a bonus, a session refresh does not start another.
 * - It ends: at 0, at logout, when the member becomes paid. Each change of the time bonus is
 *   announced on the bus (`timebonus:changed`).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { bus } from '@dating/shared-kit/bus';
import type { Countdown, User } from '@dating/shared-kit/contracts';
import { sessionAtom, store } from '@dating/shared-kit/state';
import { paymentsApi } from './api';
import type { UserTimeBonus } from '@dating/shared-kit/contracts';
import { splitCountdown } from './lib/countdown';

export interface ActiveBonus {
  kind: 'timebonus' | 'welcome';
  code: string;
  percentage: number;
  /** the time bonus as the server sent it (kind 'timebonus') */
  timeBonus: UserTimeBonus | null;
}

export interface BonusState {
  bonus: ActiveBonus;
  secondsLeft: number;
  countdown: Countdown;
}

/** The member's time bonus, when the member may have one (logged in, not paid, visible, not expired). */
export function timeBonusOf(user: User | null): UserTimeBonus | null {
  if (!user || user.paid_user) return null;
  const bonus = user.time_bonus ?? null;
  return bonus && bonus.visible && !bonus.expired ? bonus : null;
}

function deadlineAt(expires: string | null | undefined): number | null {
  const at = expires ? Date.parse(expires) : Number.NaN;
  return Number.isNaN(at) ? null : at;
}

export interface BonusClockOptions {
  now?: () => number;
  welcomeCode?: typeof paymentsApi.welcomeCode;
}

export function createBonusClock({ now = () => Date.now(), welcomeCode = () => paymentsApi.welcomeCode() }: BonusClockOptions = {}) {
  let state: BonusState | null = null;
  let running: { key: string; deadline: number; bonus: ActiveBonus } | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  /** member id whose welcome code was asked (once per member and page) */
  let welcomeAskedFor: number | null = null;
  const listeners = new Set<() => void>();
  const deadlines = new Map<string, number>();

  const publish = (next: BonusState | null) => {
    state = next;
    for (const listener of listeners) listener();
    const timeBonus = next?.bonus.timeBonus ?? null;
    bus.emit('timebonus:changed', {
      bonus: timeBonus,
      visible: timeBonus !== null,
      countdown: timeBonus ? (next?.countdown ?? null) : null,
    });
  };

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    running = null;
    if (state) publish(null);
  };

  const tick = () => {
    if (!running) return;
    const secondsLeft = Math.ceil((running.deadline - now()) / 1000);
    if (secondsLeft <= 0) {
      stop();
      return;
    }
    publish({ bonus: running.bonus, secondsLeft, countdown: splitCountdown(secondsLeft) });
  };

  const run = (bonus: ActiveBonus, fresh: number | null, key: string) => {
    if (running?.key === key) return; // one countdown per bonus: a refresh does not restart it
    stop();
    // a bonus seen before keeps its first deadline (a later seconds_left is only less precise)
    const deadline = deadlines.get(key) ?? fresh;
    if (deadline !== null) deadlines.set(key, deadline);
    if (deadline === null || deadline <= now()) return;
    running = { key, deadline, bonus };
    timer = setInterval(tick, 1000);
    tick();
  };

  const askWelcome = (user: User) => {
    if (welcomeAskedFor === user.id) return;
    welcomeAskedFor = user.id;
    welcomeCode()
      .then((code) => {
        const current = store.get(sessionAtom);
        if (!current || current.id !== user.id || current.paid_user || timeBonusOf(current) || running) return;
        const bonus: ActiveBonus = { kind: 'welcome', code: code.code, percentage: code.percentage, timeBonus: null };
        run(bonus, deadlineAt(code.expires), `welcome:${user.id}:${code.code}`);
      })
      .catch(() => undefined); // a failing welcome discount is ignored
  };

  const sync = (user: User | null) => {
    if (!user || user.paid_user) {
      welcomeAskedFor = user ? welcomeAskedFor : null;
      stop();
      return;
    }
    const timeBonus = timeBonusOf(user);
    if (timeBonus) {
      const bonus: ActiveBonus = { kind: 'timebonus', code: timeBonus.code, percentage: timeBonus.value_percentage, timeBonus };
      run(bonus, now() + timeBonus.seconds_left * 1000, `timebonus:${user.id}:${timeBonus.code}`);
      return;
    }
    if (running?.bonus.kind === 'timebonus') stop(); // the server took it away
    if (!running) askWelcome(user);
  };

  return {
    /** follow the session (returns the unsubscribe) */
    start(): () => void {
      sync(store.get(sessionAtom));
      const off = store.sub(sessionAtom, () => sync(store.get(sessionAtom)));
      return () => {
        off();
        stop();
      };
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (): BonusState | null => state,
  };
}

/** The page's one clock (both widgets and the credits pages of this remote share it). */
export const bonusClock = createBonusClock();
let users = 0;
let stopClock: (() => void) | null = null;

/** The active discount with its live countdown, or null. The clock runs while anyone shows it. */
export function useActiveBonus(): BonusState | null {
  useEffect(() => {
    users += 1;
    stopClock ??= bonusClock.start();
    return () => {
      users -= 1;
      if (users === 0) {
        stopClock?.();
        stopClock = null;
      }
    };
  }, []);
  return useSyncExternalStore(bonusClock.subscribe, bonusClock.get, bonusClock.get);
}
