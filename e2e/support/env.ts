/**
 * Where the e2e run lives: ports, URLs and paths. `resolveE2eEnv()` is called by the Playwright
 * config; in the runner process it picks free ports once and stores them in process.env, so the
 * workers (forked later, inheriting process.env) and the web server see the same values.
 *
 * Overridable from outside:
 *   E2E_BASE_URL      test an already running server instead of starting one (no webServer; the
 *                     inbox then needs E2E_MAILBOX_URL, and mail tests skip without it)
 *   E2E_PORT          port of the server started for the run (default: a free port)
 *   E2E_SMTP_PORT     port of the test SMTP server (default: a free port)
 *   E2E_MAILBOX_PORT  port of the inbox's HTTP endpoint (default: a free port)
 *   E2E_DATABASE_URL  run the e2e server on PostgreSQL instead of a fresh embedded database
 *   E2E_SEED_MEMBERS  number of demo members to seed (default: the server's default)
 *   E2E_KEEP_DATA=1   keep the run's temporary folder (its path is printed)
 *   E2E_VERBOSE=1     show the server's log while the tests run (always written to <run dir>/server.log)
 *   E2E_OUTPUT_DIR    where traces and screenshots go (default: a new test-results/run-* folder)
 *   E2E_SHARDS        `npm test` runs the suite as this many shards side by side (default 2; see run.ts)
 *   CHROMIUM_PATH     the browser to launch (default /usr/bin/chromium, else Playwright's own)
 *   CI                set: forbid test.only, retry a failed test once, write the HTML report
 *
 * This file is the e2e package's only reader of process.env (one env.ts per deployable: docs/conventions.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePortsSync } from './ports';

export const E2E_DIR = path.resolve(__dirname, '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');

export interface E2eEnv {
  /** http://localhost:<port>, the site under test (the localhost demo site). */
  baseURL: string;
  /** True when the run starts its own server (the normal case). */
  ownServer: boolean;
  port: number;
  smtpPort: number;
  mailboxPort: number;
  /** HTTP endpoint of the test inbox (GET /messages, DELETE /messages), if any. */
  mailboxURL: string | null;
  /**
   * The run's temporary folder (own server only): `data/` = DATA_DIR, `static/` = STATIC_ROOT
   * (copies of every workspace dist folder made at server start, so a test can rebuild a remote into
   * `static/<folder>/dist` without touching the checkout's builds), `server.log`.
   */
  runDir: string | null;
}

/** MAIL_EVENTS_SECRET of the server started for the run (POST /api/mail-events.php in tests). */
export const E2E_MAIL_EVENTS_SECRET = 'e2e-mail-events-secret';

export const WORKSPACES_WITH_DIST = ['shell', 'mf-auth-signup', 'mf-members', 'mf-chat', 'mf-payments', 'mf-landers'] as const;

export function resolveE2eEnv(): E2eEnv {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    return {
      baseURL: external.replace(/\/$/, ''),
      ownServer: false,
      port: Number(new URL(external).port || 80),
      smtpPort: 0,
      mailboxPort: 0,
      mailboxURL: process.env.E2E_MAILBOX_URL ?? null,
      runDir: null,
    };
  }
  // Only the name is chosen here; support/start-server.ts creates (and later removes) the folder.
  process.env.E2E_RUN_DIR ??= path.join(os.tmpdir(), `dating-e2e-${process.pid}-${Date.now().toString(36)}`);
  if (!process.env.E2E_PORT || !process.env.E2E_SMTP_PORT || !process.env.E2E_MAILBOX_PORT) {
    const [port, smtp, mailbox] = findFreePortsSync(3);
    process.env.E2E_PORT ??= String(port);
    process.env.E2E_SMTP_PORT ??= String(smtp);
    process.env.E2E_MAILBOX_PORT ??= String(mailbox);
  }
  const port = Number(process.env.E2E_PORT);
  const mailboxPort = Number(process.env.E2E_MAILBOX_PORT);
  return {
    baseURL: `http://localhost:${port}`,
    ownServer: true,
    port,
    smtpPort: Number(process.env.E2E_SMTP_PORT),
    mailboxPort,
    mailboxURL: process.env.E2E_MAILBOX_URL ?? `http://127.0.0.1:${mailboxPort}`,
    runDir: process.env.E2E_RUN_DIR,
  };
}

/** The switches of a run (see the header). */
export function runOptions() {
  return {
    ci: Boolean(process.env.CI),
    verbose: process.env.E2E_VERBOSE === '1',
    keepData: process.env.E2E_KEEP_DATA === '1',
    databaseUrl: process.env.E2E_DATABASE_URL || undefined,
    seedMembers: process.env.E2E_SEED_MEMBERS || undefined,
    outputDir: process.env.E2E_OUTPUT_DIR || undefined,
    /** E2E_SHARDS: how many Playwright runs `npm test` starts side by side, each with its own server (default 2). */
    shards: Math.max(1, Number(process.env.E2E_SHARDS) || 2),
    /** E2E_REPORT_DIR: the HTML report's folder (run.ts gives each shard its own). */
    reportDir: process.env.E2E_REPORT_DIR || 'playwright-report',
  };
}

/** Remember the run's output folder for the workers (forked later, inheriting process.env). */
export function setOutputDir(dir: string): string {
  process.env.E2E_OUTPUT_DIR = dir;
  return dir;
}

/** The environment for a child process (the server, a webpack build): this one plus `extra`. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** The system Chromium (Debian package) when present, else Playwright's own browser. */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => typeof p === 'string' && p.length > 0);
  return candidates.find((p) => fs.existsSync(p));
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
