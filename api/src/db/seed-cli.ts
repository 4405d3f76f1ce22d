/**
 * `npm run seed -w @dating/api [-- --members 300]`: apply migrations and seed demo data into the
 * configured database (DATABASE_URL / DATA_DIR) if it has no users yet.
 */
import { buildApp } from '../app';
import { env } from '../env';
import { demoLoginsTable, seedDemo } from './seed';

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--members');
  const members = flag > 0 ? Number(process.argv[flag + 1]) : env().SEED_MEMBERS || 320;
  if (!Number.isInteger(members) || members < 0) throw new Error('--members must be a whole number');
  const app = await buildApp({ logger: false });
  try {
    const result = await seedDemo(app, { members, log: (line) => console.log(line) });
    if (!result.seeded) console.log('the database already has members: nothing seeded');
    if (result.demoLogins) process.stdout.write(demoLoginsTable(env().PUBLIC_URL ?? `http://localhost:${env().PORT}`));
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
