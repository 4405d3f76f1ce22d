/** The embedded database's hourly upkeep: statistics follow the data (PGlite has no autovacuum). */
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';
import { DB_MAINTENANCE_JOB, maintainDb } from './db-maintenance';

const onPglite = !/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

(onPglite ? it : it.skip)('is scheduled hourly and gives the planner statistics of the rows that are there now', async () => {
  expect((await app.jobs.schedules()).filter((s) => s.name === DB_MAINTENANCE_JOB)).toEqual([
    { name: DB_MAINTENANCE_JOB, cron: '43 * * * *' },
  ]);
  await app.dbHandle.query(`create table upkeep_probe (id int primary key)`);
  await app.dbHandle.query(`insert into upkeep_probe select g from generate_series(1, 5000) g`);
  const tuples = async () =>
    (await app.dbHandle.query<{ n: number }>(`select reltuples::int as n from pg_class where relname = 'upkeep_probe'`))[0]?.n;
  expect(await tuples()).toBeLessThan(1);
  await maintainDb(app);
  expect(await tuples()).toBe(5000);
});
