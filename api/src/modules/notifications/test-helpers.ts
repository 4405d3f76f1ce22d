/**
 * The notification tests' common setup (jest only; the push service itself, which e2e uses too, is
 * test-push-service.ts):
 *   - setUpPushTests: one app per test file whose pushes may go to a loopback endpoint, and a local
 *     push service, emptied and answering 201 again before each test (push.test.ts,
 *     message-notifier.test.ts);
 *   - subscribeBrowser: a member's browser subscribed to that service, as POST /api/user.php?push=1;
 *   - settle: what the server does by itself after a request (the message notifier's passes, then
 *     the jobs they and the rest queued), at once.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/helpers';
import { messageNotifier } from './message-notifier';
import { browserKeys, startPushService, type BrowserKeys, type PushService } from './test-push-service';

export interface PushTestApp {
  app: FastifyInstance;
  service: PushService;
}

/** Registers the file's hooks; the fields are there from its first beforeAll on (register this first). */
export function setUpPushTests(): PushTestApp {
  const t = {} as PushTestApp;
  beforeAll(async () => {
    t.app = await buildTestApp({ env: { PUSH_ALLOW_LOOPBACK: true } });
    t.service = await startPushService();
  });
  afterAll(async () => {
    await t.app?.close();
    await t.service?.close();
  });
  beforeEach(() => {
    t.service.received.length = 0;
    t.service.status = 201;
  });
  return t;
}

/** POST /api/user.php?push=1 with `subscription` (no cookie: a visitor). */
export function subscribe(app: FastifyInstance, cookie: string | undefined, subscription: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/user.php?push=1',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { subscription },
  });
}

/** The member's browser subscribed to the local push service at /push/<member id> (the keys decrypt what it gets). */
export async function subscribeBrowser(
  t: PushTestApp,
  member: { id: number; cookie: string },
): Promise<{ keys: BrowserKeys; endpoint: string }> {
  const keys = browserKeys();
  const endpoint = `${t.service.origin}/push/${member.id}`;
  const res = await subscribe(t.app, member.cookie, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  if (res.statusCode !== 200) throw new Error(`subscription refused: ${res.statusCode} ${res.body}`);
  return { keys, endpoint };
}

/** The notifier's passes (the server runs them by itself), then the jobs queued; how many messages the passes handled. */
export async function settle(app: FastifyInstance, notifier = messageNotifier(app)): Promise<number> {
  const handled = await notifier.drain();
  await app.jobs.drain();
  return handled;
}
