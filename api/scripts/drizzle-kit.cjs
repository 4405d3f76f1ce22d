// npm nests drizzle-orm under api/node_modules while drizzle-kit is hoisted to the root, so
// drizzle-kit's `import('drizzle-orm/version')` fails. Link the api's copy where drizzle-kit
// can see it (idempotent), then run drizzle-kit with the given arguments.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const own = path.join(__dirname, '..', 'node_modules', 'drizzle-orm');
const hoisted = path.join(root, 'node_modules', 'drizzle-orm');
if (fs.existsSync(own) && !fs.existsSync(hoisted)) fs.symlinkSync(own, hoisted, 'dir');
const bin = ['api', '.']
  .map((d) => path.join(root, d === '.' ? '' : d, 'node_modules', 'drizzle-kit', 'bin.cjs'))
  .find((f) => fs.existsSync(f));
if (!bin) throw new Error('drizzle-kit is not installed');
const res = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: 'inherit', cwd: path.join(__dirname, '..') });
process.exit(res.status ?? 1);
