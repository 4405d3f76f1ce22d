/**
 * A restart that loses nothing (issue 28, health.ts drainAndClose): two real server processes on
 * one PostgreSQL database, two members with a socket on each; messages go through both while one
 * instance gets SIGTERM. Its sockets close with 1012, the clients reconnect to the other instance
 * with their last message id (as shared-kit's realtime socket does) and catch up: every message
 * reaches every client once (the browser drops an id it has, as socket.ts does), and none is
 * charged twice (a send the stopped instance refused is retried elsewhere with its client_id).
 * PostgreSQL only: on PGlite one process holds the data directory. The drain of one listening app
 * (a request in flight finishes, one that never ends is cut) runs on both databases.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { childEnv, readEnv } from '../env';
import { ledgerMismatches, member, TestSocket } from '../modules/chat/test-helpers';
import type { TestMember } from '../modules/chat/test-helpers';
import { buildTestApp } from '../test/helpers';
import { createPgDatabase, isPostgresUrl } from '../test/template';
import { drainAndClose } from './health';

const TSX = path.resolve(__dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx');
const SERVER = path.resolve(__dirname, '..', 'server.ts');
const adminUrl = readEnv().DATABASE_URL;
const onPostgres = isPostgresUrl(adminUrl);

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Instance {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** A real server process in its own process group (server.test.ts), ready once /readyz says 200. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(TSX, [SERVER], {
    env: childEnv({ SEED_MEMBERS: '0', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl }),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { base, child, exited };
    if (child.exitCode !== null) throw new Error(`the server on ${port} ended with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function kill(instance: Instance): void {
  try {
    process.kill(-(instance.child.pid as number), 'SIGKILL');
  } catch {
    // ended already
  }
}

/** A browser tab: its socket, replaced on a 1012 by one to `fallback` asking for what came after its last message. */
class Tab {
  readonly seen = new Set<number>();
  socket!: TestSocket;
  closes: number[] = [];

  constructor(private readonly who: TestMember) {}

  async open(base: string): Promise<void> {
    const last = Math.max(0, ...this.seen);
    this.socket = await TestSocket.open(base, this.who, last ? `?last_id=${last}` : '');
  }

  /** the ids of message:new frames on every socket this tab had, each once (socket.ts's seen set) */
  collect(): void {
    for (const f of this.socket.frames) if (f.type === 'message:new') this.seen.add(f.message.id);
  }
}

(onPostgres ? describe : describe.skip)('SIGTERM on one of two instances (PostgreSQL)', () => {
  jest.setTimeout(180_000);
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const instances: Instance[] = [];

  beforeAll(async () => {
    const created = await createPgDatabase(adminUrl as string);
    drop = created.drop;
    // this test's own view of the database: members, sessions, the ledger
    app = await buildTestApp({ databaseUrl: created.url });
    instances.push(await startInstance(created.url), await startInstance(created.url));
  });

  afterAll(async () => {
    for (const i of instances) kill(i);
    await app?.close();
    await drop?.();
  });

  it('closes its sockets with 1012, the clients catch up on the other, every message arrives once and is charged once', async () => {
    const [one, two] = instances as [Instance, Instance];
    const ann = await member(app, 1000);
    const bob = await member(app, 1000);
    const tabs = { annOne: new Tab(ann), annTwo: new Tab(ann), bobOne: new Tab(bob), bobTwo: new Tab(bob) };
    await Promise.all([tabs.annOne.open(one.base), tabs.bobOne.open(one.base), tabs.annTwo.open(two.base), tabs.bobTwo.open(two.base)]);

    const sent = new Set<number>();
    let conversation: number | undefined;
    /** a send as the browser makes it: through `base`, and again with the same client_id elsewhere when refused */
    const sendVia = async (from: TestMember, to: TestMember, body: string, base: string, fallback: string): Promise<void> => {
      const client_id = crypto.randomUUID();
      const payload = JSON.stringify({ client_id, type: 'text', body, ...(conversation ? { conversation } : { profile: to.id }) });
      for (const target of [base, fallback]) {
        const res = await fetch(`${target}/api/messages.php`, {
          method: 'POST',
          headers: { cookie: from.cookie, origin: target, 'content-type': 'application/json' },
          body: payload,
        }).catch(() => null);
        if (res?.status === 200) {
          const { message } = (await res.json()) as { message: { id: number; conversation: number } };
          conversation ??= message.conversation;
          sent.add(message.id);
          return;
        }
      }
      throw new Error(`message "${body}" was refused by both instances`);
    };

    await sendVia(ann, bob, 'first', one.base, two.base);
    // a steady stream through both instances; instance one is told to stop a third of the way in
    const stream = (async () => {
      for (let i = 0; i < 30; i++) {
        if (i === 10) one.child.kill('SIGTERM');
        const [from, to] = i % 2 ? [bob, ann] : [ann, bob];
        await sendVia(from, to, `message ${i}`, i % 3 ? one.base : two.base, i % 3 ? two.base : one.base);
      }
    })();

    // the tabs of instance one are told "service restart" and go to instance two, with their last id
    for (const tab of [tabs.annOne, tabs.bobOne]) {
      expect((await tab.socket.whenClosed(15_000)).code).toBe(1012);
      tab.collect();
      await tab.open(two.base);
    }
    await stream;
    expect(await one.exited).toBe(0);
    await sendVia(bob, ann, 'last', two.base, two.base);

    const last = Math.max(...sent);
    for (const tab of Object.values(tabs)) {
      await tab.socket.next((f) => f.type === 'message:new' && f.message.id === last, 10_000);
      tab.collect();
      expect([...tab.seen].sort((a, b) => a - b)).toEqual([...sent].sort((a, b) => a - b));
    }

    // charged once each: one ledger row per message, every balance equal to its ledger
    const [charged] = await app.dbHandle.query<{ n: number }>(
      "select count(*)::int as n from credit_ledger where reason = 'message' and user_id in ($1, $2)",
      [ann.id, bob.id],
    );
    const [stored] = await app.dbHandle.query<{ n: number }>('select count(*)::int as n from messages where conversation_id = $1', [
      conversation,
    ]);
    expect(stored?.n).toBe(sent.size);
    expect(charged?.n).toBe(sent.size);
    expect(await ledgerMismatches(app)).toEqual([]);
    expect((await fetch(`${two.base}/readyz`)).status).toBe(200);
  });
});

/** A raw HTTP request whose body is sent in two parts: the server has it in flight in between. */
function halfSentPost(base: string, url: string, headers: Record<string, string>, body: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const head = Object.entries({ ...headers, host: `${hostname}:${port}`, 'content-length': String(Buffer.byteLength(body)) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const cut = Math.floor(body.length / 2);
  socket.write(`POST ${url} HTTP/1.1\r\n${head}\r\n${body.slice(0, cut)}`);
  return { rest: () => socket.write(body.slice(cut)), ended };
}

describe('drainAndClose on a listening app', () => {
  let app: FastifyInstance;
  let base: string;
  beforeEach(async () => {
    app = await buildTestApp();
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await app.close().catch(() => undefined);
  });

  /** a send of `from` to `to` whose headers the server has (it holds an admission slot) and whose body is half there */
  async function sendInFlight(from: TestMember, to: TestMember) {
    const before = app.admission.stats().active;
    const body = JSON.stringify({ client_id: crypto.randomUUID(), type: 'text', body: 'in flight', profile: to.id });
    const request = halfSentPost(
      base,
      '/api/messages.php',
      { cookie: from.cookie, origin: base, 'content-type': 'application/json' },
      body,
    );
    while (app.admission.stats().active === before) await new Promise((r) => setTimeout(r, 5));
    return request;
  }

  it('closes the sockets with 1012, lets a request in flight finish, then closes the database', async () => {
    const ann = await member(app, 100);
    const bob = await member(app, 100);
    const tab = await TestSocket.open(base, bob);
    const request = await sendInFlight(ann, bob);
    const drained = drainAndClose(app, 60_000);
    expect((await tab.whenClosed()).code).toBe(1012);
    request.rest();
    const answer = await request.ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"body":"in flight"');
    // its keep-alive connection ends with it: the drain does not wait for the timeout
    expect(answer.toLowerCase()).toContain('connection: close');
    await drained;
    await expect(app.dbHandle.query('select 1')).rejects.toThrow();
  });

  it('cuts a request that does not finish within the drain timeout, and still closes', async () => {
    const ann = await member(app, 100);
    const bob = await member(app, 100);
    const request = await sendInFlight(ann, bob);
    await drainAndClose(app, 200);
    expect(await request.ended).toBe('');
    await expect(app.dbHandle.query('select 1')).rejects.toThrow();
  });
});
