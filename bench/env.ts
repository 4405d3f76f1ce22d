/**
 * The only reader of `process.env` in the benchmarks (one env.ts per deployable: docs/conventions.md).
 *
 *   DATABASE_URL   postgres://...: the benchmark creates a fresh database on that server for the
 *                  run (dropped at the end); unset: the embedded default (PGlite).
 *   CHROMIUM       the browser of `bench -- web` (default /usr/bin/chromium).
 *   LH_REPORT_DIR  a folder where the front-end benchmarks keep each Lighthouse report (JSON).
 *
 * serverEnv() builds the environment of a server child: the caller's environment (PATH, HOME,
 * ...) without any of the server's own variables, which the benchmark sets itself, so a DATA_DIR,
 * PORT or DATABASE_URL of the shell never leaks into a measured server.
 * BENCH_SERVER_NODE_OPTIONS becomes the servers' NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`:
 * a CPU profile of each server process, written when it closes).
 */

/** Variables the server reads (api/src/env.ts) plus tsx's own: never inherited by a server child. */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'MF_REMOTES',
  'AUTO_APPROVE_PHOTOS',
  'SEED_MEMBERS',
  'NODE_ENV',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'MAX_BODY_BYTES',
  'STATIC_ROOT',
  'MAIL_EVENTS_SECRET',
  'SESSION_CACHE_MS',
  'TSX_TSCONFIG_PATH',
  'NODE_OPTIONS',
  // a Mollie key of the shell must never send a benchmark's payments to Mollie
  'MOLLIE_API_KEY',
  'MOLLIE_SIM_TIME_SCALE',
  'RATE_LIMIT_SIGNUP',
  'RATE_LIMIT_MAIL',
  'RATE_LIMIT_GEOCODE',
];

export function benchEnv(): { DATABASE_URL: string | undefined; CHROMIUM: string | undefined; LH_REPORT_DIR: string | undefined } {
  const given = (name: string) => {
    const value = process.env[name];
    return value && value.trim() !== '' ? value : undefined;
  };
  return { DATABASE_URL: given('DATABASE_URL'), CHROMIUM: given('CHROMIUM'), LH_REPORT_DIR: given('LH_REPORT_DIR') };
}

export function serverEnv(own: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
  return { ...env, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), ...own };
}
