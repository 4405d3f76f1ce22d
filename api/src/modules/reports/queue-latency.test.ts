/**
 * The figure for the closing note (issue 26 part 1): how long a report takes to reach the
 * moderators' queue, over real HTTP (the server listening on a port, fetch as a browser would):
 * the time from sending POST /api/report.php to the report being in GET /api/backoffice/reports,
 * polled every 5 ms, 20 times; the median and the slowest are printed. The queue reads the
 * reports table itself (no cache, no job), so the first read after the 201 already has it.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, createStaff, loginCookie, must } from '../../test/helpers';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
});

const RUNS = 20;

it(`a report reaches the queue at once (median of ${RUNS} over HTTP)`, async () => {
  const moderator = await createStaff(app, ['moderator']);
  const times: number[] = [];
  const posts: number[] = [];
  let firstReads = 0;
  for (let i = 0; i < RUNS; i++) {
    const reporter = await createMember(app);
    const reported = await createMember(app);
    const cookie = await loginCookie(app, reporter.user.id);
    const started = performance.now();
    const res = await fetch(`${base}/api/report.php`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: base, 'x-requested-with': 'fetch' },
      body: JSON.stringify({ profile: reported.user.id, reason: 'scam' }),
    });
    expect(res.status).toBe(201);
    posts.push(performance.now() - started);
    const { id } = (await res.json()) as { id: number };
    for (let read = 1; ; read++) {
      const page = (await (
        await fetch(`${base}/api/backoffice/reports?q=${reported.user.id}`, { headers: { cookie: moderator.cookie } })
      ).json()) as { reports: { id: number }[] };
      if (page.reports.some((r) => r.id === id)) {
        if (read === 1) firstReads++;
        break;
      }
      if (performance.now() - started > 5000) throw new Error(`report ${id} not in the queue after 5 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = (must(sorted[RUNS / 2 - 1]) + must(sorted[RUNS / 2])) / 2;
  const postSorted = [...posts].sort((a, b) => a - b);
  const postMedian = (must(postSorted[RUNS / 2 - 1]) + must(postSorted[RUNS / 2])) / 2;
  console.log(
    `report -> queue over HTTP (${process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'}): median ${median.toFixed(1)} ms, fastest ${must(sorted[0]).toFixed(1)} ms, slowest ${must(sorted[RUNS - 1]).toFixed(1)} ms (of which the POST's own answer: median ${postMedian.toFixed(1)} ms); in the first read after the 201: ${firstReads}/${RUNS}`,
  );
  expect(firstReads).toBe(RUNS);
});
