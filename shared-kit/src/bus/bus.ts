/**
 * The typed event bus shared by the shell and every remote.
 *
 * - `bus.emit(name, payload)` delivers synchronously to every subscriber of `name`.
 * - `bus.on(name, handler)` returns an unsubscribe function.
 * - Payloads are checked on RECEIPT against the subscriber's own copy of the EventMap schema
 *   (remotes are built and deployed at different times: a remote built against an older contract
 *   must never be handed a payload it does not understand). A bad payload is dropped with a
 *   console.error and never reaches the handler. A throwing handler is reported the same way and
 *   does not stop delivery to the others.
 * - True singleton: the subscriber registry lives on `globalThis.__datingBus__`, so two copies of
 *   shared-kit (e.g. a remote that could not share the host's copy) still talk over one bus.
 * - The last payload of each event is remembered; `bus.on(name, handler, { replay: true })` also
 *   delivers it at once (a lazily loaded widget that missed `signup:open` can still react).
 */
import { EVENT_SCHEMAS } from '../contracts/events';
import type { EventMap, EventName } from '../contracts/events';

type RawListener = (payload: unknown) => void;

interface BusRegistry {
  readonly version: 1;
  readonly listeners: Map<string, Set<RawListener>>;
  readonly last: Map<string, unknown>;
}

declare global {
  var __datingBus__: BusRegistry | undefined;
}

function registry(): BusRegistry {
  globalThis.__datingBus__ ??= { version: 1, listeners: new Map(), last: new Map() };
  return globalThis.__datingBus__;
}

export type EventHandler<K extends EventName> = (payload: EventMap[K]) => void;

export interface OnOptions {
  /** also deliver the last payload emitted before subscribing, if any */
  replay?: boolean;
}

export interface EventBus {
  emit<K extends EventName>(name: K, payload: EventMap[K]): void;
  on<K extends EventName>(name: K, handler: EventHandler<K>, options?: OnOptions): () => void;
  once<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
}

function wrap<K extends EventName>(name: K, handler: EventHandler<K>): RawListener {
  const schema = EVENT_SCHEMAS[name];
  return (payload) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      console.error(`[bus] dropped "${name}": payload does not match its schema`, parsed.error.issues);
      return;
    }
    try {
      handler(parsed.data as EventMap[K]);
    } catch (error) {
      console.error(`[bus] a handler of "${name}" threw`, error);
    }
  };
}

export const bus: EventBus = {
  emit(name, payload) {
    const reg = registry();
    reg.last.set(name, payload);
    const set = reg.listeners.get(name);
    if (!set) return;
    // copy: a handler may unsubscribe (or subscribe) while we deliver
    for (const listener of [...set]) listener(payload);
  },

  on(name, handler, options) {
    const reg = registry();
    const listener = wrap(name, handler);
    let set = reg.listeners.get(name);
    if (!set) {
      set = new Set();
      reg.listeners.set(name, set);
    }
    set.add(listener);
    if (options?.replay && reg.last.has(name)) listener(reg.last.get(name));
    return () => {
      reg.listeners.get(name)?.delete(listener);
    };
  },

  once(name, handler) {
    const off = bus.on(name, (payload) => {
      off();
      handler(payload);
    });
    return off;
  },
};

/**
 * Test helper: start over with an empty bus (no subscribers, nothing remembered). Wiring made
 * at import time (the state atoms' bus listeners) is gone too: call `connectStateToBus()` again.
 */
export function resetBusForTests(): void {
  globalThis.__datingBus__ = undefined;
}

/** The current registry object (identity changes on reset); used to connect listeners once. */
export function busIdentity(): object {
  return registry();
}
