import { bus, resetBusForTests } from './index';
import type * as SecondCopy from './index';
import { makeUser } from '../testing';

afterEach(() => resetBusForTests());

describe('bus', () => {
  it('delivers a valid payload to every subscriber and stops after unsubscribe', () => {
    const a = jest.fn();
    const b = jest.fn();
    const offA = bus.on('credits:changed', a);
    bus.on('credits:changed', b);
    bus.emit('credits:changed', { credits: 12 });
    expect(a).toHaveBeenCalledWith({ credits: 12 });
    expect(b).toHaveBeenCalledWith({ credits: 12 });

    offA();
    bus.emit('credits:changed', { credits: 3 });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenLastCalledWith({ credits: 3 });
  });

  it('drops a payload that does not match the schema, with a console error', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = jest.fn();
    bus.on('chat:unread-changed', handler);
    // as a remote built against another contract would send it
    (bus.emit as (name: string, payload: unknown) => void)('chat:unread-changed', { unread: 'many' });
    (bus.emit as (name: string, payload: unknown) => void)('chat:unread-changed', { unread: -1 });
    expect(handler).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]?.[0])).toContain('chat:unread-changed');
  });

  it('checks nested payloads (a user without an id is dropped)', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = jest.fn();
    bus.on('auth:logged-in', handler);
    const { id: _id, ...withoutId } = makeUser();
    (bus.emit as (name: string, payload: unknown) => void)('auth:logged-in', { user: withoutId });
    expect(handler).not.toHaveBeenCalled();
    bus.emit('auth:logged-in', { user: makeUser() });
    expect(handler).toHaveBeenCalledWith({ user: expect.objectContaining({ id: 1, email: 'jan@example.com' }) });
  });

  it('keeps delivering when one handler throws', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    bus.on('login:open', () => {
      throw new Error('boom');
    });
    bus.on('login:open', after);
    bus.emit('login:open', {});
    expect(after).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
  });

  it('once() fires a single time; replay delivers the last payload to late subscribers', () => {
    const once = jest.fn();
    bus.once('signup:open', once);
    bus.emit('signup:open', { step: 1 });
    bus.emit('signup:open', { step: 2 });
    expect(once).toHaveBeenCalledTimes(1);

    const late = jest.fn();
    bus.on('signup:open', late, { replay: true });
    expect(late).toHaveBeenCalledWith({ step: 2 });
    const lateNoReplay = jest.fn();
    bus.on('signup:open', lateNoReplay);
    expect(lateNoReplay).not.toHaveBeenCalled();
  });

  it('is one bus even when a second copy of shared-kit is loaded', () => {
    let otherCopy: typeof SecondCopy | undefined;
    jest.isolateModules(() => {
      otherCopy = jest.requireActual<typeof SecondCopy>('./index');
    });
    if (!otherCopy) throw new Error('second copy not loaded');
    expect(otherCopy.bus).not.toBe(bus); // really another module instance

    const inFirst = jest.fn();
    const inSecond = jest.fn();
    bus.on('likes:changed', inFirst);
    otherCopy.bus.on('likes:changed', inSecond);
    otherCopy.bus.emit('likes:changed', { newLikes: 4 });
    bus.emit('likes:changed', { newLikes: 5 });
    expect(inFirst.mock.calls).toEqual([[{ newLikes: 4 }], [{ newLikes: 5 }]]);
    expect(inSecond.mock.calls).toEqual([[{ newLikes: 4 }], [{ newLikes: 5 }]]);
  });
});
