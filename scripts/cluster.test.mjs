/**
 * `npm run cluster` works (issue 28 item 4): two compiled instances on one PostgreSQL behind nginx
 * (scripts/cluster.mjs, config from deploy/nginx.conf). Through nginx only:
 * - a member whose socket is on instance A sends; the member whose socket is on instance B gets it;
 * - B's instance gets SIGTERM: B's socket closes with 1012, reconnects through nginx with its last
 *   message id (as the browser's realtime socket does) and lands on A, and a message sent meanwhile
 *   reaches B once;
 * - the developer mailbox, open to this machine, stays closed to a request nginx forwarded (the
 *   loopback rule is not fooled by the proxy on the same machine), /metrics is not public.
 * Skipped, with the reason, when nginx, PostgreSQL or the server build is missing.
 * Run: `npm run test:cluster` (node's test runner; DATABASE_URL: the PostgreSQL to create its
 * database on, default postgres://postgres@127.0.0.1:5432/test).
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import WebSocket from 'ws';
import { DEFAULT_DATABASE_URL, missing, startCluster } from './cluster.mjs';

const adminUrl =
  process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : DEFAULT_DATABASE_URL;
const why = await missing({ databaseUrl: adminUrl });

/** n consecutive free ports (nginx on the first, the instances after it) */
async function freePorts(n) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 20000 + Math.floor(Math.random() * 30000);
    const ok = await Promise.all(
      Array.from(
        { length: n },
        (_, k) =>
          new Promise((resolve) => {
            const srv = net.createServer();
            srv.once('error', () => resolve(false));
            srv.listen(first + k, '127.0.0.1', () => srv.close(() => resolve(true)));
          }),
      ),
    );
    if (ok.every(Boolean)) return first;
  }
  throw new Error('no free ports');
}

/** A socket like the browser's: frames kept, message ids counted. */
function openSocket(base, token, lastId) {
  const url = `${base.replace(/^http/, 'ws')}/api/ws${lastId ? `?last_id=${lastId}` : ''}`;
  const ws = new WebSocket(url, { headers: { cookie: `sid=${token}`, origin: base } });
  const s = { ws, frames: [], closed: null, waiters: [] };
  opened.push(ws);
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    s.frames.push(frame);
    s.waiters = s.waiters.filter((w) => (w.test(frame) ? (w.resolve(frame), false) : true));
  });
  ws.on('close', (code) => (s.closed = code));
  ws.on('error', () => undefined);
  s.next = (testFrame, ms = 8000) => {
    const found = s.frames.find(testFrame);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such frame in ${ms} ms; got ${JSON.stringify(s.frames)}`)), ms);
      s.waiters.push({ test: testFrame, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  };
  return s;
}

/** websockets_open of one instance (its /metrics, readable from this machine) */
async function socketsOn(inst) {
  const text = await (await fetch(`${inst.base}/metrics`)).text();
  return Number(/^websockets_open (\d+)/m.exec(text)?.[1] ?? NaN);
}

let cluster = null;
/** every socket, terminated at the end (a close handshake with a stopped server waits 30 s) */
const opened = [];
let dbName = null;
let tmp = null;
const members = [];

before(async () => {
  if (why) return;
  dbName = `cluster_test_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-test-'));
  const lines = [];
  const started = Date.now();
  cluster = await startCluster({
    instances: 2,
    port: await freePorts(3),
    host: '127.0.0.1',
    databaseUrl: u.toString(),
    dataDir: path.join(tmp, 'data'),
    seedMembers: 0,
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'development', DRAIN_TIMEOUT_MS: '3000' },
    pollMs: 500,
    startLimitMs: 60_000,
    output: (name, line) => lines.push(`[${name}] ${line}`),
  }).catch((err) => {
    throw new Error(`${err.message}\n${lines.join('\n')}`);
  });
  console.log(`# cluster of 2 ready in ${Date.now() - started} ms`);
  // two paid members with credits (ledger row) and a session each
  const db = new pg.Client({ connectionString: u.toString() });
  await db.connect();
  try {
    for (const k of [1, 2]) {
      const { rows } = await db.query(
        `insert into users (site_id, email, password_hash, status, email_confirmed, paid_user, credits)
         values ((select id from sites where domain = 'localhost'), $1, 'x', 'active', true, true, 1000) returning id`,
        [`cluster${k}@example.com`],
      );
      const id = rows[0].id;
      await db.query(
        `insert into profiles (user_id, site_id, name, gender, sexuality, date_of_birth, country, status)
        select id, site_id, 'Cluster ' || id, 'female', 'bi', date '1990-01-01', 'NL', 'active' from users where id = $1`,
        [id],
      );
      await db.query(`insert into credit_ledger (user_id, delta, balance_after, reason, ref) values ($1, 1000, 1000, 'admin', 'test')`, [
        id,
      ]);
      const token = crypto.randomBytes(32).toString('base64url');
      await db.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`, [
        crypto.createHash('sha256').update(token).digest('hex'),
        id,
      ]);
      members.push({ id, token });
    }
  } finally {
    await db.end();
  }
});

after(async () => {
  const t = Date.now();
  for (const ws of opened) ws.terminate();
  await cluster?.stop();
  console.log(`# cluster stopped in ${Date.now() - t} ms`);
  if (dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`# after done at ${new Date().toISOString()}`);
});

async function send(from, to, body) {
  const res = await fetch(`${cluster.base}/api/messages.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${from.token}`, origin: cluster.base },
    body: JSON.stringify({ profile: to.id, type: 'text', body, client_id: crypto.randomUUID() }),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text);
}

test(
  'through nginx: the developer mailbox and /metrics stay closed; on the instance from this machine they open',
  { skip: why ?? false },
  async () => {
    const viaProxy = await fetch(`${cluster.base}/dev/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    assert.notEqual(viaProxy.status, 200);
    assert.equal((await fetch(`${cluster.base}/metrics`)).status, 404);
    assert.equal((await fetch(`${cluster.instances[0].base}/dev/mailbox`)).status, 200);
  },
);

test(
  "through nginx: a message crosses instances, a SIGTERM'd instance's socket reconnects to the other and catches up",
  { skip: why ?? false, timeout: 60_000 },
  async () => {
    const [a, b] = members;
    const [one, two] = cluster.instances;
    const t0 = Date.now();
    const mark = (what) => console.log(`# ${what} at ${Date.now() - t0} ms`);
    // least_conn: the first socket lands on one instance, the next on the other
    const sa = openSocket(cluster.base, a.token);
    await sa.next((f) => f.type === 'ready');
    const aOn = (await socketsOn(one)) === 1 ? 0 : 1;
    const sb = openSocket(cluster.base, b.token);
    await sb.next((f) => f.type === 'ready');
    assert.deepEqual(
      [await socketsOn(one), await socketsOn(two)],
      [1, 1],
      `one socket on each instance (readiness changes: ${JSON.stringify(cluster.changes)})`,
    );
    mark('sockets open');
    const victim = 1 - aOn; // B's instance

    const first = await send(a, b, 'hallo via nginx');
    const got = await sb.next((f) => f.type === 'message:new' && f.message.body === 'hallo via nginx');
    const firstId = got.message.id;
    assert.ok(firstId > 0, JSON.stringify(first));

    mark('first message delivered');
    // B's instance drains: 1012, then B reconnects at once through nginx with its last id
    cluster.signal(victim, 'SIGTERM');
    await waitUntil(() => sb.closed !== null, 8000);
    assert.equal(sb.closed, 1012, 'the draining instance closes the socket with 1012 service restart');
    mark('1012 received');
    // a message sent while B is between sockets
    await send(a, b, 'tijdens de herstart');
    mark('sent during restart');
    const sb2 = openSocket(cluster.base, b.token, firstId);
    await sb2.next((f) => f.type === 'ready');
    const caught = await sb2.next((f) => f.type === 'message:new' && f.message.body === 'tijdens de herstart');
    assert.ok(caught.message.id > firstId);
    mark('caught up');
    const survivor = cluster.instances[1 - victim];
    assert.equal(await socketsOn(survivor), 2, 'both sockets are now on the instance that stayed');
    await send(a, b, 'na de herstart');
    await sb2.next((f) => f.type === 'message:new' && f.message.body === 'na de herstart');
    mark('after-message delivered');
    // every message once in B's new socket (the catch-up margin may repeat what B had: the browser drops it by id)
    const ids = sb2.frames.filter((f) => f.type === 'message:new' && f.message.id > firstId).map((f) => f.message.id);
    assert.equal(new Set(ids).size, 2);
  },
);

async function waitUntil(cond, ms) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
