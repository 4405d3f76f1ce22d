import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @dating/api` (under flock /tmp/drizzle.lock) writes sequential
// migrations to ./drizzle; they are applied at boot and in tests by db/client.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
