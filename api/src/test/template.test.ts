// Test databases start as clones of the run's template (template.ts), and each is its own.
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember } from './helpers';

let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

it("starts from the template: pg-boss's schema is there before the app touched a job", async () => {
  // an app installs pg-boss only on first use, so only the template can have put it there
  const [row] = await a.dbHandle.query<{ job: string | null }>("SELECT to_regclass('pgboss.job')::text AS job");
  expect(row?.job).toBe('pgboss.job');
});

it('gives every app a database of its own', async () => {
  const { user } = await createMember(a, { email: 'only-in-a@example.com' });
  expect(await a.dbHandle.query('SELECT id FROM users WHERE id = $1', [user.id])).toHaveLength(1);
  expect(await b.dbHandle.query('SELECT id FROM users WHERE email = $1', ['only-in-a@example.com'])).toHaveLength(0);
});
