#!/usr/bin/env node
/**
 * Releases from the command line (issue 27, docs/releases.md): for the teams and for CI.
 *
 *   npm run release -- <remote> [--notes "..."] [--canary N] [--dir <built folder>]
 *   npm run release -- promote <remote> <build-id>
 *   npm run release -- rollback <remote> [<build-id>]
 *   npm run release -- pause <remote> | resume <remote>
 *   npm run release -- status
 *
 * <remote> is a remote's folder (mf-payments) or its federation name (mf_payments). Publishing
 * builds the remote with webpack into a temporary folder with BUILD_ID = <git commit>-<UTC time>
 * (or takes the build in --dir as it is, with --build-id or a content hash), packs it as a tar.gz
 * and registers it with POST /api/backoffice/releases; --canary N then serves it to N % of the
 * browsers. The server is RELEASE_SERVER (default http://localhost:3000), the token RELEASE_TOKEN
 * (sent as a bearer token). A refusal prints the server's message (and, for an incompatible
 * release, each package) and exits with 1; bad usage exits with 2.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/* global FormData, Blob */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['mf-auth-signup', 'mf-members', 'mf-chat', 'mf-payments', 'mf-landers'];
const SERVER = (process.env.RELEASE_SERVER || 'http://localhost:3000').replace(/\/+$/, '');
const TOKEN = process.env.RELEASE_TOKEN || '';
const LANG = process.env.RELEASE_LANG || 'en';

function usage(message) {
  if (message) console.error(message);
  console.error(`usage:
  npm run release -- <remote> [--notes "..."] [--canary N] [--dir <built folder>] [--build-id <id>]
  npm run release -- promote <remote> <build-id>
  npm run release -- rollback <remote> [<build-id>]
  npm run release -- pause <remote> | resume <remote>
  npm run release -- status
remotes: ${REMOTES.join(', ')}`);
  process.exit(2);
}

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

function remoteOf(name) {
  const folder = String(name ?? '').replace(/_/g, '-');
  if (!REMOTES.includes(folder)) usage(`unknown remote "${name ?? ''}"`);
  return folder;
}

function parse(argv) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      const value = inline ?? argv[i + 1];
      if (inline === undefined) i += 1;
      if (value === undefined) usage(`--${key} needs a value`);
      options[key] = value;
    } else positional.push(arg);
  }
  return { positional, options };
}

async function call(method, url, body, headers = {}) {
  let res;
  try {
    res = await fetch(`${SERVER}${url}${url.includes('?') ? '&' : '?'}lang=${LANG}`, {
      method,
      headers: { ...(TOKEN ? { authorization: `Bearer ${TOKEN}` } : {}), 'x-requested-with': 'release-cli', ...headers },
      body,
    });
  } catch (error) {
    fail(`cannot reach ${SERVER}: ${error.cause?.code ?? error.message}`);
  }
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: shown as it is
  }
  if (!res.ok) {
    const lines = [`${res.status} ${json?.error ?? ''}: ${json?.message ?? text}`];
    for (const p of json?.problems ?? []) lines.push(`  ${p.package}: the release wants ${p.wanted}, the live shell offers ${p.offered}`);
    if (res.status === 401 || (res.status === 403 && !TOKEN)) lines.push("  (set RELEASE_TOKEN to the server's token)");
    fail(lines.join('\n'));
  }
  return json;
}

const json = (value) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

async function stateOf(remote) {
  const page = await call('GET', '/api/backoffice/releases');
  const state = page.remotes.find((r) => r.remote === remote);
  if (!state) fail(`the server does not know ${remote}`);
  return state;
}

async function act(remote, action, body) {
  const { version } = await stateOf(remote);
  const { body: payload, headers } = json({ ...body, version });
  return call('POST', `/api/backoffice/releases/${remote}/${action}`, payload, headers);
}

function describe(state) {
  const canary = state.canary ? `, canary ${state.canary.build_id} at ${state.canary.percent} %${state.paused ? ' (paused)' : ''}` : '';
  return `${state.remote}: live ${state.live?.build_id ?? '-'}${canary}`;
}

function gitCommit() {
  const out = spawnSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : 'nogit';
}

function newBuildId() {
  const time = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
  return `${gitCommit()}-${time}`;
}

function build(remote, buildId) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote}-`));
  console.log(`building ${remote} as ${buildId} ...`);
  const webpack = path.join(ROOT, 'node_modules', '.bin', 'webpack');
  const run = spawnSync(webpack, ['--mode', 'production', '--output-path', out], {
    cwd: path.join(ROOT, remote),
    env: { ...process.env, BUILD_ID: buildId },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) fail(`the build of ${remote} failed (exit ${run.status})`);
  return out;
}

function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

async function pack(dir) {
  const p = tar.pack();
  const chunks = [];
  const gz = zlib.createGzip();
  const done = new Promise((resolve, reject) => {
    gz.on('data', (c) => chunks.push(c));
    gz.on('end', resolve);
    gz.on('error', reject);
  });
  p.pipe(gz);
  for (const rel of listFiles(dir)) p.entry({ name: rel }, fs.readFileSync(path.join(dir, rel)));
  p.finalize();
  await done;
  return Buffer.concat(chunks);
}

function contentId(dir) {
  const hash = crypto.createHash('sha256');
  for (const f of ['mf-manifest.json', 'remoteEntry.js']) hash.update(fs.readFileSync(path.join(dir, f)));
  return `b-${hash.digest('hex').slice(0, 12)}`;
}

async function publish(remote, options) {
  const given = options.dir ? path.resolve(options.dir) : null;
  if (given && !fs.existsSync(path.join(given, 'mf-manifest.json'))) fail(`${given} has no mf-manifest.json`);
  const buildId = options['build-id'] ?? (given ? contentId(given) : newBuildId());
  const dir = given ?? build(remote, buildId);
  try {
    const bundle = await pack(dir);
    const form = new FormData();
    form.set('remote', remote);
    form.set('build_id', buildId);
    if (options.notes) form.set('notes', options.notes);
    form.set('bundle', new Blob([bundle], { type: 'application/gzip' }), 'bundle.tar.gz');
    await call('POST', '/api/backoffice/releases', form);
    console.log(`registered ${remote} ${buildId} (${Math.round(bundle.length / 1024)} kB packed)`);
  } finally {
    if (!given) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (options.canary !== undefined) {
    const percent = Number(options.canary);
    if (!Number.isInteger(percent) || percent < 1 || percent > 50) fail('--canary takes a whole percent from 1 to 50');
    console.log(describe(await act(remote, 'canary', { build_id: buildId, percent })));
  }
  console.log(buildId);
}

async function main() {
  const { positional, options } = parse(process.argv.slice(2));
  const [command, ...rest] = positional;
  if (!command) usage();
  if (!TOKEN) console.error('release: RELEASE_TOKEN is not set; the server will refuse');
  switch (command) {
    case 'status': {
      const page = await call('GET', '/api/backoffice/releases');
      for (const state of page.remotes) {
        console.log(describe(state));
        if (state.banner) console.log(`  ! ${state.banner}`);
        for (const r of state.releases.slice(0, 5)) {
          const rate = r.error_rate_1h === null ? '-' : `${r.error_rate_1h}/1000`;
          console.log(
            `  ${r.status.padEnd(8)} ${r.build_id.padEnd(28)} ${r.created_at.slice(0, 16)} ${r.created_by.padEnd(12)} ${String(Math.round(r.first_load_bytes / 1024)).padStart(5)} kB  errors ${rate}${r.notes ? `  ${r.notes}` : ''}`,
          );
        }
      }
      return;
    }
    case 'promote': {
      const [remote, buildId] = rest;
      if (!buildId) usage('promote needs a remote and a build id');
      console.log(describe(await act(remoteOf(remote), 'promote', { build_id: buildId })));
      return;
    }
    case 'rollback': {
      const [remote, buildId] = rest;
      console.log(describe(await act(remoteOf(remote), 'rollback', buildId ? { build_id: buildId } : {})));
      return;
    }
    case 'pause':
    case 'resume':
      console.log(describe(await act(remoteOf(rest[0]), 'pause', { paused: command === 'pause' })));
      return;
    default:
      await publish(remoteOf(command), options);
  }
}

await main();
