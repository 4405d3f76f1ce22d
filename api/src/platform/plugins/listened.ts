/**
 * An in-memory copy kept true by a PostgreSQL notification channel (db/listen.ts) for as long as
 * the app runs: each NOTIFY's payload goes to `notify`, a lost connection to `setLive(false)` (the
 * copy stops trusting what it kept until `setLive(true)`), and at close the listener stops before
 * the copy is disposed. The session, answer and site caches share this wiring.
 */
import type { FastifyInstance } from 'fastify';
import { listen } from '../../db/listen';

export interface ListenedCopy {
  notify(payload: string): void;
  setLive(live: boolean): void;
  dispose?(): void;
}

export async function keepListened(app: FastifyInstance, channel: string, copy: ListenedCopy): Promise<void> {
  const listener = await listen(app.dbHandle, channel, {
    message: (payload) => copy.notify(payload),
    state: (live) => copy.setLive(live),
  });
  app.addHook('onClose', async () => {
    await listener.close();
    copy.dispose?.();
  });
}
