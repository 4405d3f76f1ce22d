import { act, renderHook } from '@testing-library/react';
import type * as SecondCopy from './index';
import { bus, resetBusForTests } from '../bus';
import { makeUser } from '../testing';
import {
  badgesAtom,
  connectStateToBus,
  creditTone,
  formatBadge,
  sessionAtom,
  setSession,
  store,
  titlePrefix,
  useBadges,
  useSession,
} from './index';

beforeEach(() => {
  resetBusForTests();
  connectStateToBus();
  setSession(null);
});

describe('badge helpers', () => {
  it('caps badges at 99+ and hides zero', () => {
    expect(formatBadge(0)).toBe('');
    expect(formatBadge(7)).toBe('7');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(titlePrefix(3)).toBe('(3) ');
    expect(titlePrefix(0)).toBe('');
    expect(titlePrefix(250)).toBe('(99+) ');
  });

  it('gives the low-credit tone', () => {
    expect(creditTone(0)).toBe('danger');
    expect(creditTone(1)).toBe('warning');
    expect(creditTone(10)).toBe('warning');
    expect(creditTone(11)).toBe('normal');
  });
});

describe('session and badges', () => {
  it('derives badges from the user and writes them back to it', () => {
    setSession(makeUser({ unread_messages: 4, new_likes: 2 }));
    expect(store.get(badgesAtom)).toEqual({ unread: 4, newLikes: 2 });
    store.set(badgesAtom, { unread: 0 });
    expect(store.get(sessionAtom)?.unread_messages).toBe(0);
    expect(store.get(badgesAtom)).toEqual({ unread: 0, newLikes: 2 });
  });

  it('renders nothing again when the server sends the same user or the same counts again', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useSession();
    });
    act(() => setSession(makeUser({ unread_messages: 4 })));
    const first = result.current;
    const rendersBefore = renders;

    // the reload on a socket connect, the periodic refresh, a list announcing its unread count
    act(() => setSession(makeUser({ unread_messages: 4 })));
    act(() => bus.emit('chat:unread-changed', { unread: 4 }));
    expect(result.current).toBe(first);
    expect(renders).toBe(rendersBefore);

    // a change still comes through
    act(() => setSession(makeUser({ unread_messages: 5 })));
    expect(result.current?.unread_messages).toBe(5);
    act(() => bus.emit('chat:unread-changed', { unread: 0 }));
    expect(result.current?.unread_messages).toBe(0);
  });

  it('follows the bus: login, unread, likes, credits, payment, logout', () => {
    const { result } = renderHook(() => ({ user: useSession(), badges: useBadges() }));
    expect(result.current.user).toBeNull();

    act(() => bus.emit('auth:logged-in', { user: makeUser({ credits: 0 }) }));
    expect(result.current.user?.email).toBe('jan@example.com');

    act(() => bus.emit('chat:unread-changed', { unread: 120 }));
    act(() => bus.emit('likes:changed', { newLikes: 1 }));
    expect(result.current.badges).toEqual({ unread: 120, newLikes: 1 });

    act(() => bus.emit('credits:changed', { credits: 8 }));
    expect(result.current.user?.credits).toBe(8);
    act(() => bus.emit('payment:completed', { credits: 108 }));
    expect(result.current.user).toMatchObject({ credits: 108, paid_user: true });

    act(() => bus.emit('auth:logged-out', {}));
    expect(result.current.user).toBeNull();
    expect(result.current.badges).toEqual({ unread: 0, newLikes: 0 });
  });

  it('is one store and one set of atoms even with a second copy of shared-kit', () => {
    let other: typeof SecondCopy | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof SecondCopy>('./index');
    });
    if (!other) throw new Error('not loaded');
    expect(other.store).toBe(store);
    expect(other.sessionAtom).toBe(sessionAtom);
    other.setSession(makeUser({ id: 42 }));
    expect(store.get(sessionAtom)?.id).toBe(42);
  });
});
