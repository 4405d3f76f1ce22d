/**
 * app.close() with work still under way: each plugin closes what it opened, in the reverse order
 * of registration (app.ts), so a running job and the notifications waiting to be sent after a
 * commit still reach an open database, and the database closes last.
 */
import { sql } from 'drizzle-orm';
import { notifyAfterCommit } from '../../db/after-commit';
import { buildTestApp } from '../../test/helpers';

/** the warn and error lines the app logged */
function logSink() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } },
  };
}

test('the plugins close in order: jobs, realtime, answer cache, session cache, database last', async () => {
  const app = await buildTestApp({ env: { SESSION_CACHE_MS: 5000, ANSWER_CACHE_MS: 5000 } });
  const order: string[] = [];
  const record = <T extends object>(name: string, target: T, method: keyof T & string) => {
    const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
    (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
      order.push(name);
      return original(...args);
    };
  };
  record('jobs', app.jobs, 'stop');
  record('realtime', app.realtime, 'stop');
  record('answers', app.answers, 'dispose');
  record('sessions', app.sessionCache, 'dispose');
  record('database', app.dbHandle, 'close');
  await app.close();
  expect(order).toEqual(['jobs', 'realtime', 'answers', 'sessions', 'database']);
});

test('a job that is running when the app closes finishes on an open database, and nothing fails', async () => {
  const sink = logSink();
  const app = await buildTestApp({ logger: sink.logger });
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let answered = false;
  app.jobs.work('close.slow', async () => {
    started();
    await new Promise((r) => setTimeout(r, 300));
    await app.db.execute(sql`select 1`);
    answered = true;
    // a send's notifications, still waiting for their statement (db/after-commit.ts) when the job ends
    notifyAfterCommit(app.db, 'realtime\tt:1:2:3');
  });
  await app.jobs.send('close.slow', {});
  const drained = app.jobs.drain();
  await running;
  await app.close();
  expect(await drained).toBe(1);
  expect(answered).toBe(true);
  expect(sink.lines.map((l) => l.msg)).toEqual([]);
});
