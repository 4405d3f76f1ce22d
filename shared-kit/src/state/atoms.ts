/**
 * The app-wide jotai atoms and the one store. Atoms are identified by object identity, so both the
 * store AND the atoms live on `globalThis.__datingState__`: two copies of shared-kit still share one
 * session. This file imports no other part of shared-kit except contracts (the api client imports
 * it to log the user out on authentication_required) and the bus (atoms follow bus events).
 */
import { atom, createStore } from 'jotai';
import type { PrimitiveAtom, WritableAtom } from 'jotai';
import type { Language, Settings, User } from '../contracts/core';
import { bus, busIdentity } from '../bus/bus';

export interface Badges {
  /** unread chat messages */
  unread: number;
  /** likes not yet seen */
  newLikes: number;
}

/** Status of the first session load: 'unknown' until GET /api/user.php (or the shell) answered. */
export type SessionStatus = 'unknown' | 'ready';

interface StateRegistry {
  readonly version: 1;
  readonly store: ReturnType<typeof createStore>;
  readonly sessionAtom: PrimitiveAtom<User | null>;
  readonly sessionStatusAtom: PrimitiveAtom<SessionStatus>;
  readonly settingsAtom: PrimitiveAtom<Settings | null>;
  readonly languageAtom: PrimitiveAtom<Language>;
  readonly badgesAtom: WritableAtom<Badges, [Partial<Badges>], void>;
}

declare global {
  var __datingState__: StateRegistry | undefined;
}

function createRegistry(): StateRegistry {
  const sessionAtom = atom<User | null>(null);
  const badgesAtom = atom(
    (get): Badges => {
      const user = get(sessionAtom);
      return { unread: user?.unread_messages ?? 0, newLikes: user?.new_likes ?? 0 };
    },
    (get, set, update: Partial<Badges>) => {
      const user = get(sessionAtom);
      if (!user) return;
      // the same counts again (each list load announces them): the session object stays, nothing re-renders
      const unread = update.unread ?? user.unread_messages;
      const newLikes = update.newLikes ?? user.new_likes;
      if (unread === user.unread_messages && newLikes === user.new_likes) return;
      set(sessionAtom, {
        ...user,
        unread_messages: update.unread ?? user.unread_messages,
        new_likes: update.newLikes ?? user.new_likes,
      });
    },
  );
  return {
    version: 1,
    store: createStore(),
    sessionAtom,
    sessionStatusAtom: atom<SessionStatus>('unknown'),
    settingsAtom: atom<Settings | null>(null),
    languageAtom: atom<Language>('nl'),
    badgesAtom,
  };
}

globalThis.__datingState__ ??= createRegistry();
const registry = globalThis.__datingState__;

/** The one jotai store; the shell wraps the app in `<Provider store={store}>`. */
export const store = registry.store;
/** The logged-in user, or null. */
export const sessionAtom = registry.sessionAtom;
export const sessionStatusAtom = registry.sessionStatusAtom;
/** The site settings (inlined in index.html by the server, or GET /api/settings.php). */
export const settingsAtom = registry.settingsAtom;
/** The active UI language (kept in step with i18next by shared-kit/i18n). */
export const languageAtom = registry.languageAtom;
/**
 * Badges derived from the user (unread_messages, new_likes). Writing `{unread}` or `{newLikes}`
 * updates the session user, so there is one source of truth.
 */
export const badgesAtom = registry.badgesAtom;

/**
 * Replace the session (login, refresh, logout with null). A user the server sends again unchanged
 * (the reload on each socket connect, the periodic refresh) keeps the current object: every
 * component that reads the session would otherwise render again for nothing, the whole page at once.
 */
export function setSession(user: User | null): void {
  if (!sameUser(store.get(sessionAtom), user)) store.set(sessionAtom, user);
  store.set(sessionStatusAtom, 'ready');
}

function sameUser(a: User | null, b: User | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export function getSession(): User | null {
  return store.get(sessionAtom);
}

/**
 * Keep the atoms in step with what modules announce on the bus: login/logout/user updates,
 * credits, unread messages and new likes. Installed once per page (globalThis flag), whichever copy
 * of shared-kit comes first.
 */
declare global {
  var __datingStateBusConnected__: object | undefined;
}

export function connectStateToBus(): void {
  if (globalThis.__datingStateBusConnected__ === busIdentity()) return;
  globalThis.__datingStateBusConnected__ = busIdentity();
  bus.on('auth:logged-in', ({ user }) => setSession(user));
  bus.on('user:updated', ({ user }) => setSession(user));
  bus.on('auth:logged-out', () => setSession(null));
  bus.on('credits:changed', ({ credits }) => {
    const user = store.get(sessionAtom);
    if (user && user.credits !== credits) store.set(sessionAtom, { ...user, credits });
  });
  bus.on('payment:completed', ({ credits }) => {
    const user = store.get(sessionAtom);
    if (user) store.set(sessionAtom, { ...user, credits, paid_user: true });
  });
  bus.on('chat:unread-changed', ({ unread }) => store.set(badgesAtom, { unread }));
  bus.on('likes:changed', ({ newLikes }) => store.set(badgesAtom, { newLikes }));
}

connectStateToBus();
