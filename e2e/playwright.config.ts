/**
 * Playwright e2e config: the real built site on the real server, in real Chromium.
 * How a run works and what tests can use: see support/index.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, resolveE2eEnv, REPO_ROOT, runOptions, setOutputDir } from './support/env';

const env = resolveE2eEnv();
const options = runOptions();
const outputDir = resolveOutputDir();
const CI = options.ci;
const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: './tests',
  outputDir,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  globalTimeout: 25 * 60_000,
  workers: 1, // 2 cores: the server, Chromium and the runner already share them
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: CI ? [['list'], ['html', { open: 'never', outputFolder: options.reportDir }]] : [['list']],
  use: {
    baseURL: env.baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
  webServer: env.ownServer
    ? {
        command: `"${path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx')}" support/start-server.ts`,
        cwd: __dirname,
        url: `${env.baseURL}/mf-remotes.json`,
        timeout: 480_000, // first start migrates and seeds the demo data (two shards seed side by side)
        reuseExistingServer: false,
        stdout: options.verbose ? 'pipe' : 'ignore',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      }
    : undefined,
});

/**
 * Each run writes its artifacts (traces, screenshots) to its own folder under test-results/, so
 * runs started at the same time by different people do not delete each other's files. Chosen once
 * in the runner (inherited by the workers); folders of runs older than a day are removed.
 */
function resolveOutputDir(): string {
  if (options.outputDir) return options.outputDir;
  const root = path.join(__dirname, 'test-results');
  if (fs.existsSync(root)) {
    for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
      const full = path.join(root, entry.name);
      if (entry.isDirectory() && /^run-/.test(entry.name) && Date.now() - fs.statSync(full).mtimeMs > 86_400_000) {
        fs.rmSync(full, { recursive: true, force: true });
      }
    }
  }
  return setOutputDir(path.join(root, `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`));
}
