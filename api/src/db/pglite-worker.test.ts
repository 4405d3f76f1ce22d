/**
 * The embedded database in a worker thread (PGLITE_WORKER=1, db/pglite-worker.ts): the database
 * interface the server relies on works through it unchanged: migrations, Drizzle queries,
 * transactions that commit or roll back, LISTEN/NOTIFY (the caches' invalidation), and the dump the
 * tests' template is made from. (The whole suite also runs with PGLITE_WORKER=1.)
 */
import { eq } from 'drizzle-orm';
import { createDb } from './client';
import { listen } from './listen';
import { sites } from './schema';

it('runs migrations, queries, transactions, notifications and the dump in its own thread', async () => {
  const handle = await createDb('memory://', { worker: true });
  try {
    await handle.migrate();
    await handle.db.insert(sites).values({ domain: 'a.example', settings: {}, company: {} });
    await handle.db.transaction(async (tx) => {
      await tx.update(sites).set({ isDefault: true }).where(eq(sites.domain, 'a.example'));
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(sites).values({ domain: 'b.example', settings: {}, company: {} });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await handle.db.select({ domain: sites.domain, isDefault: sites.isDefault }).from(sites);
    expect(rows).toEqual([{ domain: 'a.example', isDefault: true }]);

    const heard: string[] = [];
    const listener = await listen(handle, 'fastpath_test', { message: (payload) => heard.push(payload), state: () => undefined });
    await handle.query(`select pg_notify('fastpath_test', 'hello')`);
    for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual(['hello']);
    await listener.close();

    if (!('pglite' in handle.connection)) throw new Error('an embedded database was expected');
    expect((await handle.connection.pglite.dumpDataDir('none')).size).toBeGreaterThan(0);
  } finally {
    await handle.close();
  }
}, 60_000);
