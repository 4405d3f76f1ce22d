/**
 * A second server of the run's build, for a spec that needs settings the shared one does not
 * have (e.g. AUTO_APPROVE_PHOTOS off, so photos wait for a moderator):
 *
 *   let own: OwnServer;
 *   test.beforeAll(async () => { own = await startOwnServer({ AUTO_APPROVE_PHOTOS: 'false' }); });
 *   test.afterAll(async () => own.stop());
 *   const page = await newMemberPage(browser, own.baseURL);
 *
 * The compiled server (api/dist/server.js) on a free port with its own temporary DATA_DIR (empty
 * embedded database, migrated at start; SEED_MEMBERS=1 by default: the demo and staff logins plus
 * one demo member), the checkout's built frontends, mails kept in its outbox. Its log is in the
 * folder, printed when it fails to start.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv, REPO_ROOT } from './env';
import { findFreePortsSync } from './ports';

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

export async function startOwnServer(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<OwnServer> {
  const [port] = findFreePortsSync(1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-e2e-own-'));
  const logPath = path.join(dir, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const serverEnv = childEnv({
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: `http://localhost:${port}`,
    SEED_MEMBERS: '1',
    RATE_LIMIT_SIGNUP: '100000',
    RATE_LIMIT_MAIL: '100000',
    ...env,
  });
  delete serverEnv.DATABASE_URL;
  delete serverEnv.SMTP_URL;
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'api', 'dist', 'server.js')], {
    cwd: REPO_ROOT,
    env: serverEnv,
    stdio: ['ignore', log, log],
  });
  const baseURL = `http://localhost:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const killer = setTimeout(() => server.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(killer);
    }
    fs.closeSync(log);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null) {
      const tail = fs.readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n');
      await stop();
      throw new Error(`own e2e server exited early:\n${tail}`);
    }
    const ok = await fetch(`${baseURL}/mf-remotes.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseURL, stop };
    if (Date.now() > end) {
      await stop();
      throw new Error('own e2e server did not start in time');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
