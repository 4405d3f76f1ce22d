/**
 * `npm run backup` / `npm run restore` (ops/backup-cli.ts, run as the real child process): a site
 * with members, photos (files), messages, credits and payments is backed up while its server runs
 * and takes writes, restored into an empty DATA_DIR (or database), and started on: everything is
 * there. On PGlite the backup goes through the running server (ops/backup-route.ts); on
 * PostgreSQL (DATABASE_URL set) through pg_dump / pg_restore.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import tar from 'tar-stream';
import { buildApp } from '../app';
import { seedDemo } from '../db/seed';
import { conversationMembers, conversations, messages, payments, users } from '../db/schema';
import { changeCredits } from '../platform/credits';
import { buildTestApp } from '../test/helpers';
import { isPostgresUrl, pgliteTemplate, withDatabase } from '../test/template';
import { ENDPOINT_FILE } from './backup-route';

const API_DIR = path.resolve(__dirname, '..', '..');
const PG_URL = isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : null;

/** The CLI as an operator runs it: its own process, the server's DATA_DIR / DATABASE_URL. */
function cli(args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<{ code: number | null; out: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NODE_OPTIONS: '' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/ops/backup-cli.ts', ...args], { cwd: API_DIR, env: childEnv });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** the value, or a failed test when there is none */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));

/** Members with photos (seed), a conversation with messages, credits through the ledger, a payment. */
async function fillSite(app: FastifyInstance): Promise<number[]> {
  await seedDemo(app, { members: 3 });
  const ids = (await app.db.select({ id: users.id }).from(users)).map((u) => u.id).sort((a, b) => a - b);
  const [a, b] = ids as [number, number];
  const [conv] = await app.db.insert(conversations).values({ userA: a, userB: b, startedBy: a }).returning();
  await app.db.insert(conversationMembers).values([
    { conversationId: must(conv).id, userId: a, otherId: b },
    { conversationId: must(conv).id, userId: b, otherId: a },
  ]);
  for (const body of ['hallo', 'hoi!', 'hoe gaat het?']) {
    await app.db
      .insert(messages)
      .values({ conversationId: must(conv).id, senderId: a, recipientId: b, type: 'text', body, clientId: crypto.randomUUID() });
  }
  const [payment] = await app.db
    .insert(payments)
    .values({
      userId: a,
      siteId: 1,
      pspId: 'tr_backup',
      kind: 'checkout',
      package: 'p1',
      method: 'ideal',
      sequenceType: 'oneoff',
      amount: 995,
      originalAmount: 995,
      currency: 'EUR',
      country: 'NL',
      credits: 100,
      status: 'paid',
    })
    .returning();
  await app.withTx((tx) => changeCredits(tx, a, 100, 'purchase', `payment:${must(payment).id}`));
  await app.withTx((tx) => changeCredits(tx, a, -5, 'message'));
  return ids;
}

interface Snapshot {
  counts: Record<string, number>;
  /** per member: balance minus the sum of the ledger (kept by every credit change) */
  drift: string;
  photo: { file: string };
}

async function snapshot(app: FastifyInstance): Promise<Snapshot> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'photos', 'messages', 'conversations', 'payments']) {
    const [row] = await app.dbHandle.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = must(row).n;
  }
  const drift = await app.dbHandle.query(
    'select id, credits - coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id), 0)::int as drift from users u order by id',
  );
  const [photo] = await app.dbHandle.query<{ file: string }>('select filename as file from photos order by id limit 1');
  return { counts, drift: JSON.stringify(drift), photo: must(photo) };
}

/** Credit changes in their own transactions, until stopped: writes the backup must not tear. */
function keepWriting(app: FastifyInstance, userId: number): { stop: () => Promise<number> } {
  let running = true;
  let n = 0;
  const loop = (async () => {
    while (running) {
      await app.withTx((tx) => changeCredits(tx, userId, 1, 'admin'));
      n++;
      // let the event loop serve the backup request between two writes
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return n;
    },
  };
}

async function ledgerSum(app: FastifyInstance, userId: number): Promise<{ credits: number; sum: number }> {
  const [row] = await app.dbHandle.query<{ credits: number; sum: number }>(
    'select credits, (select coalesce(sum(delta), 0)::int from credit_ledger where user_id = $1) as sum from users where id = $1',
    [userId],
  );
  return must(row);
}

const describePglite = PG_URL ? describe.skip : describe;
const describePg = PG_URL ? describe : describe.skip;

describePglite('backup and restore on PGlite', () => {
  let source: FastifyInstance;
  const dataDir = tmp();
  const target = tmp();
  const file = path.join(tmp(), 'site.backup');

  beforeAll(async () => {
    source = await buildApp({ logger: false, dataDir, databaseUrl: '', loadDataDir: await pgliteTemplate(), env: { NODE_ENV: 'test' } });
    await source.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    for (const dir of [dataDir, target, path.dirname(file)]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up the running server, restores into an empty DATA_DIR, and the restored site has everything', async () => {
    const [a] = await fillSite(source);
    const before = await snapshot(source);

    const writer = keepWriting(source, must(a));
    const backup = await cli(['backup', file], { DATA_DIR: dataDir });
    const written = await writer.stop();
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.out).toContain('through the running server');
    expect(written).toBeGreaterThan(0);
    await source.close();

    const restore = await cli(['restore', file], { DATA_DIR: target });
    expect(restore.out).toContain('restored the pglite backup');
    expect(restore.code).toBe(0);

    const restored = await buildApp({ logger: false, dataDir: target, databaseUrl: '', env: { NODE_ENV: 'test' } });
    try {
      const after = await snapshot(restored);
      expect(after.counts).toEqual(before.counts);
      // a credit change is in the backup whole (balance and ledger row) or not at all
      expect(after.drift).toEqual(before.drift);
      const balance = await ledgerSum(restored, must(a));
      expect(balance.credits).toBeGreaterThanOrEqual(95);
      expect(
        fs
          .readFileSync(path.join(target, 'uploads', after.photo.file))
          .equals(fs.readFileSync(path.join(dataDir, 'uploads', before.photo.file))),
      ).toBe(true);
    } finally {
      await restored.close();
    }

    // a second restore into the now filled DATA_DIR is refused, and changes nothing
    const again = await cli(['restore', file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/restore: DATA_DIR .* is not empty/);
  }, 180_000);

  it('a backup an older PGlite made (PostgreSQL 17) is refused in one line, nothing restored', async () => {
    /** a tar of the given entries, as a Buffer */
    const pack = async (entries: Record<string, string | Buffer>): Promise<Buffer> => {
      const p = tar.pack();
      for (const [name, data] of Object.entries(entries)) p.entry({ name }, data);
      p.finalize();
      const chunks: Buffer[] = [];
      for await (const chunk of p) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const old = path.join(tmp(), 'old.backup');
    const manifest = JSON.stringify({ format: 1, driver: 'pglite', createdAt: '2026-11-01T00:00:00.000Z' });
    fs.writeFileSync(old, await pack({ 'manifest.json': manifest, 'db.tar.gz': gzipSync(await pack({ '/PG_VERSION': '17\n' })) }));
    const empty = tmp();
    const restore = await cli(['restore', old], { DATA_DIR: empty });
    expect(restore.code).toBe(1);
    expect(restore.out).toContain(
      "restore: this embedded (PGlite) backup holds a PostgreSQL 17 database; this version's PGlite runs PostgreSQL 18 and cannot open it",
    );
    expect(restore.out).not.toMatch(/\n\s+at /); // no stack trace
    expect(fs.existsSync(path.join(empty, 'db', 'PG_VERSION'))).toBe(false);
  }, 60_000);

  it('the backup endpoint answers only this machine with the server token', async () => {
    const app = await buildApp({
      logger: false,
      dataDir: tmp(),
      databaseUrl: '',
      loadDataDir: await pgliteTemplate(),
      env: { NODE_ENV: 'test' },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { token } = JSON.parse(fs.readFileSync(path.join(app.config.DATA_DIR_ABS, ENDPOINT_FILE), 'utf8')) as { token: string };
      expect((await app.inject({ method: 'POST', url: '/ops/backup' })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'POST', url: '/ops/backup', headers: { 'x-backup-token': 'x' + token.slice(1) } })).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'POST', url: '/ops/backup', remoteAddress: '203.0.113.9', headers: { 'x-backup-token': token } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'POST', url: '/ops/backup', headers: { 'x-backup-token': token, 'x-forwarded-for': '203.0.113.9' } }))
          .statusCode,
      ).toBe(404);
      const ok = await app.inject({ method: 'POST', url: '/ops/backup', headers: { 'x-backup-token': token } });
      expect(ok.statusCode).toBe(200);
      expect(ok.rawPayload.subarray(0, 13).toString()).toBe('manifest.json');
    } finally {
      const dir = app.config.DATA_DIR_ABS;
      await app.close();
      expect(fs.existsSync(path.join(dir, ENDPOINT_FILE))).toBe(false);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describePg('backup and restore on PostgreSQL', () => {
  const file = path.join(tmp(), 'site.backup');
  const emptyName = `restore_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = () => new Client({ connectionString: must(PG_URL) });

  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${emptyName}" WITH (FORCE)`);
    await c.end();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('backs up with pg_dump while the server takes writes, restores into an empty database, and the site has everything', async () => {
    const dataDir = tmp();
    const target = tmp();
    const source = await buildTestApp({ dataDir });
    const url = (source.dbHandle.connection as { url: string }).url;
    const [a] = await fillSite(source);
    const before = await snapshot(source);
    const writer = keepWriting(source, must(a));
    const backup = await cli(['backup', file], { DATA_DIR: dataDir, DATABASE_URL: url });
    await writer.stop();
    expect(backup).toMatchObject({ code: 0 });
    await source.close();

    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE "${emptyName}"`);
    await c.end();
    const emptyUrl = withDatabase(must(PG_URL), emptyName);
    const restore = await cli(['restore', file], { DATA_DIR: target, DATABASE_URL: emptyUrl });
    expect(restore.out).toContain('restored the postgres backup');
    expect(restore.code).toBe(0);

    const restored = await buildApp({ logger: false, dataDir: target, databaseUrl: emptyUrl, env: { NODE_ENV: 'test' } });
    try {
      const after = await snapshot(restored);
      expect(after.counts).toEqual(before.counts);
      expect(after.drift).toEqual(before.drift);
      expect(
        fs
          .readFileSync(path.join(target, 'uploads', after.photo.file))
          .equals(fs.readFileSync(path.join(dataDir, 'uploads', before.photo.file))),
      ).toBe(true);
    } finally {
      await restored.close();
    }
    const again = await cli(['restore', file], { DATA_DIR: tmp(), DATABASE_URL: emptyUrl });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/restore: the database .* is not empty/);
    for (const dir of [dataDir, target]) fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
