/**
 * LISTEN on a PostgreSQL notification channel, on either driver:
 *
 *   const listener = await listen(handle, 'session_cache', {
 *     message: (payload) => ...,       // each NOTIFY's payload
 *     state: (live) => ...,            // false: notifications may be missed (connection lost)
 *   });
 *   await listener.close();
 *
 * - PGlite: its own `listen()`; notifications arrive with the result of the statement that
 *   committed them (one session, so nothing can be missed).
 * - PostgreSQL: one dedicated connection (not the pool's) per database handle, shared by every
 *   channel of the process: each notifying commit wakes one backend per process instead of one per
 *   channel (realtime, session_cache, member_cache, site_cache: a paid message notifies at commit,
 *   docs/benchmarks.md "Chat"). When it drops, every listener's `state(false)` is called at once
 *   (the caller must stop trusting what it kept) and it reconnects with back-off, LISTENs again
 *   on every channel, then `state(true)`.
 */
import { Client } from 'pg';
import type { DbHandle } from './client';

export interface ListenHandlers {
  message(payload: string): void;
  state(live: boolean): void;
}

export interface Listener {
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export async function listen(handle: DbHandle, channel: string, handlers: ListenHandlers): Promise<Listener> {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name "${channel}"`);
  const { connection } = handle;
  if ('pglite' in connection) {
    const unlisten = await connection.pglite.listen(channel, (payload) => handlers.message(payload));
    handlers.state(true);
    return {
      close: async () => {
        handlers.state(false);
        if (!connection.pglite.closed) await unlisten();
      },
    };
  }
  let shared = connections.get(handle);
  if (!shared) {
    shared = new SharedConnection(connection.url, () => connections.delete(handle));
    connections.set(handle, shared);
  }
  const subscriber = { channel, handlers };
  await shared.add(subscriber);
  const owner = shared;
  return { close: () => owner.remove(subscriber) };
}

interface Subscriber {
  channel: string;
  handlers: ListenHandlers;
}

/** The one LISTEN connection of a database handle (PostgreSQL), for all its channels. */
const connections = new WeakMap<DbHandle, SharedConnection>();

class SharedConnection {
  private client: Client | null = null;
  private readonly subscribers = new Set<Subscriber>();
  private retry: NodeJS.Timeout | null = null;
  private delay = 250;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly onEmpty: () => void,
  ) {}

  /** Listen for `subscriber` too: on the live connection, else on a new one (throws when it cannot be made). */
  async add(subscriber: Subscriber): Promise<void> {
    this.subscribers.add(subscriber);
    try {
      if (this.connecting) await this.connecting;
      if (this.client) {
        await this.client.query(`LISTEN ${subscriber.channel}`);
        subscriber.handlers.state(true);
        return;
      }
      // not connected (first listener, or waiting to reconnect): connect now
      if (this.retry) clearTimeout(this.retry);
      this.retry = null;
      await this.connect();
    } catch (error) {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.dispose();
      throw error;
    }
  }

  async remove(subscriber: Subscriber): Promise<void> {
    if (!this.subscribers.delete(subscriber)) return;
    subscriber.handlers.state(false);
    if (this.subscribers.size === 0) {
      this.dispose();
      return;
    }
    if (this.client && ![...this.subscribers].some((s) => s.channel === subscriber.channel)) {
      await this.client.query(`UNLISTEN ${subscriber.channel}`).catch(() => undefined);
    }
  }

  /** nobody listens any more: no reconnect, the connection ends */
  private dispose(): void {
    this.onEmpty();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const c = this.client;
    this.client = null;
    c?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    const attempt = (async () => {
      const c = new Client({ connectionString: this.url });
      // an error on a connection that is already given up is only logged by nobody: never thrown
      c.on('error', () => this.lost(c));
      c.on('end', () => this.lost(c));
      c.on('notification', (n) => {
        for (const s of this.subscribers) if (s.channel === n.channel) s.handlers.message(n.payload ?? '');
      });
      try {
        await c.connect();
        for (const channel of new Set([...this.subscribers].map((s) => s.channel))) await c.query(`LISTEN ${channel}`);
      } catch (error) {
        c.end().catch(() => undefined);
        throw error;
      }
      if (this.subscribers.size === 0) {
        await c.end();
        return;
      }
      this.client = c;
      this.delay = 250;
      for (const s of this.subscribers) s.handlers.state(true);
    })();
    // what add() waits for: settled either way (the caller of connect sees the failure)
    const settled: Promise<void> = attempt.then(
      () => undefined,
      () => undefined,
    );
    this.connecting = settled;
    void settled.then(() => {
      if (this.connecting === settled) this.connecting = null;
    });
    return attempt;
  }

  /** the live connection `c` is gone (or never came): say so, and try again later */
  private lost(c: Client | null): void {
    if (c !== this.client) return;
    this.client = null;
    for (const s of this.subscribers) s.handlers.state(false);
    c?.end().catch(() => undefined);
    if (this.subscribers.size === 0 || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect().catch(() => this.lost(null));
    }, this.delay);
    this.retry.unref();
    this.delay = Math.min(this.delay * 2, 10_000);
  }
}
