/**
 * `npm run seed -w @dating/api [-- --members 300]`: apply migrations and seed demo data into the
 * configured database (DATABASE_URL / DATA_DIR) if it has no users yet. The server runs the built
 * command itself for a new database (`--from-server`, seed-process.ts): it then tells the server
 * what it did instead of printing the logins, and a SIGINT / SIGTERM stops it after the member it
 * is writing.
 */
import { buildApp } from '../app';
import { env } from '../env';
import { demoLoginsTable, seedDemo } from './seed';
import type { SeedMessage } from './seed-process';

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--members');
  const members = flag > 0 ? Number(process.argv[flag + 1]) : env().SEED_MEMBERS || 320;
  if (!Number.isInteger(members) || members < 0) throw new Error('--members must be a whole number');
  const fromServer = process.argv.includes('--from-server');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (stopping = true));
  // the releases are the server's to register, not the seed's
  const app = await buildApp({ logger: false, registerBuilds: false });
  try {
    const result = await seedDemo(app, { members, log: (line) => console.log(line), shouldStop: () => stopping });
    if (fromServer) {
      process.send?.({ seeded: result.seeded } satisfies SeedMessage);
      return;
    }
    if (!result.seeded) console.log('the database already has members: nothing seeded');
    if (result.demoLogins) process.stdout.write(demoLoginsTable(env().PUBLIC_URL ?? `http://localhost:${env().PORT}`));
  } finally {
    await app.close();
    // the server's IPC channel would keep this process alive
    if (fromServer) process.disconnect?.();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
