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
 * - PostgreSQL: one dedicated connection (not the pool's). When it drops, `state(false)` is called
 *   at once (the caller must stop trusting what it kept) and it reconnects with back-off, then
 *   `state(true)`.
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

  let closed = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 250;

  /** the live connection `c` is gone (or never came): say so, and try again later */
  const lost = (c: Client | null) => {
    if (c !== client) return;
    client = null;
    handlers.state(false);
    c?.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect().catch(() => lost(null));
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  const connect = async () => {
    const c = new Client({ connectionString: connection.url });
    // an error on a connection that is already given up is only logged by nobody: never thrown
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    delay = 250;
    handlers.state(true);
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.state(false);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
