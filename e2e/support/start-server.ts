/**
 * The e2e web server (Playwright's `webServer.command`): starts the test inbox (SMTP + HTTP) and
 * the real API server as production runs it (`node api/dist/server.js`, the compiled server, which
 * also serves the built shell and remotes) on a fresh temporary DATA_DIR (and STATIC_ROOT = copies
 * of the built frontends), so every run begins with an empty embedded database that the server
 * migrates and seeds with demo data. Stops both on SIGTERM/SIGINT and removes the folder.
 *
 * Reads E2E_PORT, E2E_SMTP_PORT, E2E_MAILBOX_PORT (set by the Playwright config), and optionally
 * E2E_DATABASE_URL, E2E_SEED_MEMBERS, E2E_KEEP_DATA, E2E_VERBOSE (see ./env.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailSink } from './mail-sink';
import { E2E_MAIL_EVENTS_SECRET, REPO_ROOT, WORKSPACES_WITH_DIST, childEnv, resolveE2eEnv, runOptions } from './env';

async function main(): Promise<void> {
  const { port, smtpPort, mailboxPort, runDir: chosenDir } = resolveE2eEnv();
  const options = runOptions();
  // the compiled server (`npm run build -w @dating/api`, part of `turbo run build`), not the source
  const serverJs = path.join(REPO_ROOT, 'api', 'dist', 'server.js');
  if (!fs.existsSync(serverJs)) {
    console.error(`[e2e] ${path.relative(REPO_ROOT, serverJs)} is missing: build first (npx turbo run build)`);
    process.exit(1);
  }
  const runDir = chosenDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dating-e2e-'));
  const dataDir = path.join(runDir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });

  // The server serves copies of the built frontends (STATIC_ROOT), so that a test may rebuild a
  // remote into the served copy (a deployment) while the checkout's own builds stay untouched.
  const staticRoot = path.join(runDir, 'static');
  for (const ws of WORKSPACES_WITH_DIST) {
    const dist = path.join(REPO_ROOT, ws, 'dist');
    if (fs.existsSync(dist)) fs.cpSync(dist, path.join(staticRoot, ws, 'dist'), { recursive: true });
    else console.warn(`[e2e] ${ws}/dist is missing: build first (npx turbo run build)`);
  }
  const logPath = path.join(runDir, 'server.log');
  const log = fs.createWriteStream(logPath);
  const { verbose } = options;
  console.log(`[e2e] run dir ${runDir} (server log: ${logPath})`);

  const sink = await startMailSink({ smtpPort, httpPort: mailboxPort });
  console.log(`[e2e] test inbox: smtp://127.0.0.1:${smtpPort}, http://127.0.0.1:${mailboxPort}/messages`);

  const env = childEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    AUTO_APPROVE_PHOTOS: '1',
    STATIC_ROOT: staticRoot,
    PUBLIC_URL: `http://localhost:${port}`,
    // every test signs up and mails from this one address: the per-address limits (platform/rate-limit.ts) out of the way
    RATE_LIMIT_SIGNUP: '100000',
    RATE_LIMIT_MAIL: '100000',
    RATE_LIMIT_GEOCODE: '100000',
    // push tests post subscriptions naming a local push service (api/src/modules/notifications/test-push-service.ts)
    PUSH_ALLOW_LOOPBACK: '1',
    // mail provider reports (bounce, spam, unsubscribe) sent by the tests
    MAIL_EVENTS_SECRET: E2E_MAIL_EVENTS_SECRET,
    // an unread message's mail after 2 s instead of 5 minutes (the tests wait for it in the inbox)
    MESSAGE_MAIL_WAIT_MS: '2000',
  });
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.seedMembers) env.SEED_MEMBERS = options.seedMembers;

  // plain node (this process's own binary), as in a deployment: no tsx, no TypeScript at run time
  const server = spawn(process.execPath, [serverJs], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => {
    log.write(chunk);
    if (verbose) process.stdout.write(chunk);
  });
  server.stderr.on('data', (chunk: Buffer) => {
    log.write(chunk);
    process.stderr.write(chunk);
  });

  let stopping = false;
  const cleanup = async (code: number): Promise<never> => {
    await sink.close().catch(() => undefined);
    log.end();
    if (options.keepData) console.log(`[e2e] kept ${runDir}`);
    else fs.rmSync(runDir, { recursive: true, force: true });
    process.exit(code);
  };

  server.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[e2e] server exited early (code ${code}, signal ${signal}); last log lines:`);
      const tail = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n') : '';
      console.error(tail);
      void cleanup(1);
    }
  });

  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    const killer = setTimeout(() => server.kill('SIGKILL'), 8000);
    server.once('exit', () => {
      clearTimeout(killer);
      void cleanup(0);
    });
    if (server.exitCode !== null || server.signalCode !== null) void cleanup(0);
    else server.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error('[e2e] could not start:', err);
  process.exit(1);
});
