/**
 * The one server process: read the environment (env.ts), build the app (migrations applied),
 * seed an empty database with demo data, listen, and shut down gracefully on SIGINT / SIGTERM.
 * `npm start -w @dating/api` (or `npm start` at the root, which builds the frontends first).
 */
import { buildApp } from './app';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemo } from './db/seed';
import { env } from './env';

/** the app once built, so a failed start still closes the embedded database cleanly */
let built: Awaited<ReturnType<typeof buildApp>> | null = null;

async function main(): Promise<void> {
  const config = env();
  const app = await buildApp({ startJobs: true });
  built = app;
  app.log.info(`database: ${app.dbHandle.driver} (${app.dbHandle.location}), migrations applied`);

  // Ctrl-C / SIGTERM at any time, also during the first start's seed: the seed stops after the
  // member it is writing (the next start goes on from there), then the database closes cleanly
  let closing = false;
  let seeding: Promise<unknown> = Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await seeding.catch(() => undefined);
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.SEED_MEMBERS > 0) {
    const run = seedDemo(app, { members: config.SEED_MEMBERS, log: (line) => app.log.info(line), shouldStop: () => closing });
    seeding = run;
    const result = await run;
    if (result.seeded) app.sites.invalidate();
  }
  if (closing) return;

  await app.listen({ port: config.PORT, host: config.HOST });
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  app.log.info(`serving the site at ${publicUrl}`);
}

/** The start failures a person can fix themselves, in one line; anything else with its stack. */
function startFailure(err: unknown): unknown {
  // a data directory another server holds (nothing was opened or changed)
  if (err instanceof DataDirInUseError) return `cannot start: ${err.message}`;
  const e = err as NodeJS.ErrnoException & { port?: number };
  if (e?.code === 'EADDRINUSE') return `cannot start: port ${e.port ?? env().PORT} is in use (another server?); stop it or set PORT to a free port`;
  return err;
}

main().catch(async (err: unknown) => {
  console.error(startFailure(err));
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await built?.close().catch(() => undefined);
  process.exit(1);
});
