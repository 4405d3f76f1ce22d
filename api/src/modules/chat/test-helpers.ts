/**
 * Helpers of the chat tests: members with credits, sending, and a real WebSocket client that
 * collects its frames.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { WsServerFrame } from '@dating/shared-kit/contracts';
import { changeCredits } from '../../platform/credits';
import { createMember, loginCookie } from '../../test/helpers';
import type { MemberOverrides } from '../../test/helpers';

export const json = { 'content-type': 'application/json' };

export interface TestMember {
  id: number;
  cookie: string;
}

/** A member (confirmed, active unless overridden) with `credits` credits, logged in. */
export async function member(app: FastifyInstance, credits = 0, overrides: MemberOverrides = {}): Promise<TestMember> {
  const { user } = await createMember(app, overrides);
  if (credits > 0) await app.withTx((tx) => changeCredits(tx, user.id, credits, 'admin'));
  return { id: user.id, cookie: await loginCookie(app, user.id) };
}

export function send(app: FastifyInstance, from: TestMember, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { cookie: from.cookie, ...json },
    payload: { client_id: crypto.randomUUID(), type: 'text', ...payload },
  });
}

export async function balance(app: FastifyInstance, userId: number): Promise<number> {
  const rows = await app.dbHandle.query<{ credits: number }>('select credits from users where id = $1', [userId]);
  return Number(rows[0]?.credits);
}

/** Every balance equals the sum of its ledger and none is negative: the rows that break it. */
export async function ledgerMismatches(app: FastifyInstance): Promise<unknown[]> {
  return app.dbHandle.query(
    `select u.id, u.credits, coalesce(sum(l.delta), 0)::int as ledger from users u left join credit_ledger l on l.user_id = u.id
      group by u.id having u.credits <> coalesce(sum(l.delta), 0) or u.credits < 0`,
  );
}

/** A real WebSocket to `base` (http://127.0.0.1:port) that keeps every frame it gets. */
export class TestSocket {
  readonly frames: WsServerFrame[] = [];
  readonly ws: WebSocket;
  closed: { code: number; reason: string } | null = null;
  private waiters: { test: (f: WsServerFrame) => boolean; resolve: (f: WsServerFrame) => void }[] = [];

  constructor(base: string, headers: Record<string, string>, query = '') {
    this.ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws${query}`, { headers });
    this.ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as WsServerFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
    this.ws.on('error', () => undefined);
  }

  static async open(base: string, m: TestMember, query = ''): Promise<TestSocket> {
    const s = new TestSocket(base, { cookie: m.cookie, origin: base }, query);
    await s.next((f) => f.type === 'ready');
    return s;
  }

  /** The first frame (already received or coming) that passes `test`. */
  next<T extends WsServerFrame = WsServerFrame>(test: (f: WsServerFrame) => boolean, timeoutMs = 5000): Promise<T> {
    const found = this.frames.find(test);
    if (found) return Promise.resolve(found as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as T);
        },
      });
    });
  }

  /** Wait until the socket is closed (by the server). */
  async whenClosed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const start = Date.now();
    while (!this.closed) {
      if (Date.now() - start > timeoutMs) throw new Error('socket not closed');
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }
}
