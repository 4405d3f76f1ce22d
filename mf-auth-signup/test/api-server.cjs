/**
 * Jest global setup/teardown: the REAL API server (api/src/server.ts through tsx) on in-memory
 * PGlite, mails in the outbox (/dev/mailbox). Component tests talk to it over HTTP: the jsdom page
 * lives at the same origin (testEnvironmentOptions.url in jest.config.cjs).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const PORT = Number(process.env.AUTH_TEST_API_PORT || 41731);
const ROOT = path.resolve(__dirname, '..', '..');

async function waitFor(url, ms) {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() - start > ms) throw new Error(`API server not up at ${url} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-ui-test-'));
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'api', 'src', 'server.ts')], {
    cwd: path.join(ROOT, 'api'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      DATA_DIR: dataDir,
      SEED_MEMBERS: '0',
      SMTP_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  globalThis.__AUTH_API__ = { child, dataDir };
  await waitFor(`http://127.0.0.1:${PORT}/api/settings.php`, 90_000);
}

async function teardown() {
  const state = globalThis.__AUTH_API__;
  if (!state) return;
  state.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}

module.exports = { setup, teardown, PORT };
