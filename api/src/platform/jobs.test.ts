// The job queue on pg-boss, on the test run's database (PGlite by default, PostgreSQL with
// DATABASE_URL). Time-dependent cases (back-off, cron) run on pg-boss's TestClock, which moves
// pg-boss's time in JavaScript and in the database together, so they are deterministic.
import type { FastifyInstance } from 'fastify';
import { TestClock } from 'pg-boss';
import { buildTestApp } from '../test/helpers';
import { createJobQueue } from './jobs';
import type { JobQueue } from './jobs';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** a promise and its resolve function */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('job queue', () => {
  it('runs a sent job once with its data', async () => {
    const seen: unknown[] = [];
    app.jobs.work<{ to: string }>('mail.test', async (data) => {
      seen.push(data);
    });
    const id = await app.jobs.send('mail.test', { to: 'ann@example.com' });
    expect(id).toEqual(expect.any(String));
    expect(await app.jobs.drain()).toBe(1);
    expect(await app.jobs.drain()).toBe(0);
    expect(seen).toEqual([{ to: 'ann@example.com' }]);
    expect(await app.jobs.getJob('mail.test', id as string)).toMatchObject({ state: 'completed' });
  });

  it('delays a job with startAfter and keeps one job per singleton key and slot', async () => {
    const ran: string[] = [];
    app.jobs.work<{ n: string }>('later', async (d) => {
      ran.push(d.n);
    });
    await app.jobs.send('later', { n: 'a' }, { startAfter: 3600 });
    expect(await app.jobs.drain()).toBe(0);
    const first = await app.jobs.send('later', { n: 'b' }, { singletonKey: 'k', singletonSeconds: 3600 });
    const second = await app.jobs.send('later', { n: 'c' }, { singletonKey: 'k', singletonSeconds: 3600 });
    const otherKey = await app.jobs.send('later', { n: 'd' }, { singletonKey: 'other', singletonSeconds: 3600 });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(otherKey).not.toBeNull();
    await app.jobs.drain();
    expect(ran.sort()).toEqual(['b', 'd']);
  });

  it('rejects a cron expression it cannot read', async () => {
    await app.jobs.prepare();
    await expect(app.jobs.schedule('test.bad-cron', 'nonsense')).rejects.toThrow();
  });

  it('lists the schedules the app registered at build', async () => {
    expect(await app.jobs.schedules()).toEqual(expect.arrayContaining([{ name: 'identity.purge', cron: '17 * * * *' }]));
  });
});

describe('job queue on a test clock', () => {
  let clock: TestClock;
  let jobs: JobQueue;
  afterEach(async () => {
    await jobs.stop();
  });

  it('retries a failing job after its back-off, then marks it failed', async () => {
    clock = new TestClock('2030-01-01T00:00:00Z');
    jobs = createJobQueue(app.dbHandle, app.log, { clock });
    const attempts: number[] = [];
    jobs.work('flaky', async (_data, job) => {
      attempts.push(job.attempts);
      throw new Error('smtp down');
    });
    const id = (await jobs.send('flaky', {}, { retryLimit: 1 })) as string;
    expect(await jobs.drain()).toBe(1);
    // waiting out its back-off (5-10 s for the first retry)
    expect(await jobs.getJob('flaky', id)).toMatchObject({ state: 'retry' });
    expect(await jobs.drain()).toBe(0);
    await clock.tick(11_000);
    expect(await jobs.drain()).toBe(1);
    expect(await jobs.getJob('flaky', id)).toMatchObject({ state: 'failed', output: { message: 'smtp down' } });
    expect(attempts).toEqual([1, 2]);
    expect(await jobs.drain()).toBe(0);
  });

  it("fires a cron schedule through pg-boss's scheduler once at its minute, not before", async () => {
    clock = new TestClock('2030-01-01T03:29:30Z');
    jobs = createJobQueue(app.dbHandle, app.log, { clock });
    const runs: string[] = [];
    jobs.work('test.cron', async () => {
      runs.push(new Date(clock.now()).toISOString().slice(0, 16));
    });
    await jobs.schedule('test.cron', '31 3 * * *');
    await jobs.start();
    // a second apart, so the workers' polls (every 2 s) and the cron passes (every 30 s) take turns
    const advance = async (seconds: number) => {
      for (let i = 0; i < seconds; i += 1) await clock.tick(1000);
    };
    await advance(80); // 03:30:50
    expect(runs).toEqual([]);
    await advance(130); // 03:33:00: the whole matching minute and the next passed
    expect(runs).toEqual(['2030-01-01T03:31']);
    await clock.setTime('2030-01-02T03:30:50Z');
    await advance(60);
    expect(runs).toEqual(['2030-01-01T03:31', '2030-01-02T03:31']);
  });
});

describe('job queue shutdown', () => {
  it('lets a worker finish and complete its job while stop() runs', async () => {
    const jobs = createJobQueue(app.dbHandle, app.log);
    const started = signal();
    const release = signal();
    jobs.work('slow', async () => {
      started.resolve();
      await release.promise;
    });
    const id = (await jobs.send('slow', {})) as string;
    await jobs.start();
    await started.promise;
    const stopping = jobs.stop();
    release.resolve(); // the completion now races stop()
    await expect(stopping).resolves.toBeUndefined();
    expect(await app.jobs.getJob('slow', id)).toMatchObject({ state: 'completed' });
  });

  it('lets drain() complete its job while stop() runs', async () => {
    const jobs = createJobQueue(app.dbHandle, app.log);
    const started = signal();
    const release = signal();
    jobs.work('slow.drain', async () => {
      started.resolve();
      await release.promise;
    });
    const id = (await jobs.send('slow.drain', {})) as string;
    const draining = jobs.drain();
    await started.promise;
    const stopping = jobs.stop();
    release.resolve();
    expect(await draining).toBe(1);
    await expect(stopping).resolves.toBeUndefined();
    expect(await app.jobs.getJob('slow.drain', id)).toMatchObject({ state: 'completed' });
    await expect(jobs.send('slow.drain', {})).rejects.toThrow('stopped');
  });
});
