#!/usr/bin/env node
/**
 * Benchmark harness: `npm run bench -- <name> [options]` runs bench/<name>.ts with tsx.
 *
 *   npm run bench -- search                 100k profiles on embedded PGlite (in memory)
 *   DATABASE_URL=postgres://... npm run bench -- search        1M profiles on PostgreSQL
 *   npm run bench -- search --rows 20000 --runs 50             smaller / quicker
 *   npm run bench -- memory                 the server's memory idle, after the demo seed, at a load's peak
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [name = 'search', ...rest] = process.argv.slice(2);
const file = path.join(here, `${name}.ts`);
if (!fs.existsSync(file)) {
  const known = fs
    .readdirSync(here)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''));
  console.error(`unknown benchmark "${name}"; known: ${known.join(', ')}`);
  process.exit(2);
}
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
const result = spawnSync(tsx, ['--tsconfig', path.join(here, '..', 'api', 'tsconfig.json'), file, ...rest], {
  stdio: 'inherit',
  cwd: path.join(here, '..', 'api'),
});
process.exit(result.status ?? 1);
