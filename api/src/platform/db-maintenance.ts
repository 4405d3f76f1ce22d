/**
 * Upkeep of the embedded database. PostgreSQL's autovacuum keeps the planner's statistics fresh
 * and reclaims dead rows by itself; the embedded PGlite runs no background workers, so without
 * this its statistics would stay those of the first seed (or none: the new-likes count then walks
 * every profile) and its tables would only grow. An hourly job runs VACUUM ANALYZE there.
 */
import type { FastifyInstance } from 'fastify';

export const DB_MAINTENANCE_JOB = 'db-maintenance';

/** One VACUUM ANALYZE of the embedded database (a no-op on PostgreSQL, which has autovacuum). */
export async function maintainDb(app: FastifyInstance): Promise<void> {
  if (app.dbHandle.driver !== 'pglite') return;
  const started = Date.now();
  await app.dbHandle.query('vacuum analyze');
  app.log.debug({ ms: Date.now() - started }, 'vacuum analyze');
}

/** Register the hourly upkeep job (embedded database only). */
export async function scheduleDbMaintenance(app: FastifyInstance): Promise<void> {
  if (app.dbHandle.driver !== 'pglite') return;
  app.jobs.work(DB_MAINTENANCE_JOB, () => maintainDb(app));
  await app.jobs.schedule(DB_MAINTENANCE_JOB, '43 * * * *');
}
