import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';
import { cronMatches } from './jobs';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('job queue', () => {
  it('runs a sent job once with its data', async () => {
    const seen: unknown[] = [];
    app.jobs.work<{ to: string }>('mail:test', async (data) => {
      seen.push(data);
    });
    await app.jobs.send('mail:test', { to: 'ann@example.com' });
    expect(await app.jobs.drain()).toBe(1);
    expect(await app.jobs.drain()).toBe(0);
    expect(seen).toEqual([{ to: 'ann@example.com' }]);
  });

  it('retries a failing job later, then marks it failed', async () => {
    let calls = 0;
    app.jobs.work('flaky', async () => {
      calls += 1;
      throw new Error('smtp down');
    });
    const id = await app.jobs.send('flaky', {}, { retryLimit: 1 });
    await app.jobs.drain();
    expect(calls).toBe(1);
    const [row] = await app.dbHandle.query<{ state: string; last_error: string }>('SELECT state, last_error FROM jobs WHERE id = $1', [id]);
    expect(row).toMatchObject({ state: 'created', last_error: 'smtp down' }); // waiting for its back-off
    await app.dbHandle.query(`UPDATE jobs SET run_at = now() WHERE id = $1`, [id]);
    await app.jobs.drain();
    const [after] = await app.dbHandle.query<{ state: string }>('SELECT state FROM jobs WHERE id = $1', [id]);
    expect(after?.state).toBe('failed');
    expect(calls).toBe(2);
  });

  it('delays a job with startAfter and keeps one job per singleton key', async () => {
    const ran: string[] = [];
    app.jobs.work<{ n: string }>('later', async (d) => {
      ran.push(d.n);
    });
    await app.jobs.send('later', { n: 'a' }, { startAfter: 3600 });
    expect(await app.jobs.drain()).toBe(0);
    const first = await app.jobs.send('later', { n: 'b' }, { singletonKey: 'k' });
    const second = await app.jobs.send('later', { n: 'c' }, { singletonKey: 'k' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await app.jobs.drain();
    expect(ran).toEqual(['b']);
  });

  it('fires a cron schedule once per matching minute', async () => {
    // other modules schedule their own jobs at start-up; count only this schedule's runs
    let runs = 0;
    app.jobs.work('test.cron', async () => {
      runs += 1;
    });
    await app.jobs.schedule('test.cron', '31 3 * * *');
    await app.jobs.tickSchedules(new Date('2030-01-01T03:30:00Z'));
    await app.jobs.drain();
    expect(runs).toBe(0);
    await app.jobs.tickSchedules(new Date('2030-01-01T03:31:10Z'));
    await app.jobs.tickSchedules(new Date('2030-01-01T03:31:50Z'));
    await app.jobs.drain();
    expect(runs).toBe(1);
    await app.jobs.tickSchedules(new Date('2030-01-02T03:31:05Z'));
    await app.jobs.drain();
    expect(runs).toBe(2);
  });
});

describe('cronMatches', () => {
  it('understands *, steps, ranges and lists', () => {
    const at = new Date('2030-06-03T12:15:00Z'); // a Monday
    expect(cronMatches('* * * * *', at)).toBe(true);
    expect(cronMatches('*/15 * * * *', at)).toBe(true);
    expect(cronMatches('*/7 * * * *', at)).toBe(false);
    expect(cronMatches('15 9-17 * * 1-5', at)).toBe(true);
    expect(cronMatches('15 12 * * 0,6', at)).toBe(false);
    expect(cronMatches('0 0 1 1 *', at)).toBe(false);
    expect(() => cronMatches('nonsense', at)).toThrow();
  });
});
