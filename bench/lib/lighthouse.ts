/**
 * Lighthouse mobile (the `lighthouse` package, its default mobile emulation and simulated
 * throttling) in the machine's Chromium, for the front-end benchmarks (web, landers).
 */
import { benchEnv } from '../env';
import { HarnessError } from './children';

/** The flags every benchmark starts Chromium with. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** `sessionCookie`: the `sid` of a logged-in member, sent with every request of the page. */
export async function runLighthouse(url: string, chromePath: string, sessionCookie: string | null = null): Promise<LighthouseFigures> {
  const chromeLauncher = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    if (sessionCookie) {
      // the cookie in the browser's own jar: an extra Cookie header is dropped from the page's requests
      // once the server sets a cookie of its own (mf_bucket), and the rest of the run was logged out
      const { chromium } = await import('playwright-core');
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const [context] = cdp.contexts();
      if (!context) throw new HarnessError('the browser Lighthouse drives has no context to put the session cookie in');
      await context.addCookies([{ name: 'sid', value: sessionCookie, url: new URL(url).origin }]);
      await cdp.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new HarnessError(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new HarnessError(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // LH_REPORT_DIR: keep each run's whole report (its LCP element, request chains, long tasks) to see why
    const reportDir = benchEnv().LH_REPORT_DIR;
    if (reportDir) {
      const fs = await import('node:fs');
      const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || '_'}-${Date.now()}.json`;
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(`${reportDir}/${name}`, JSON.stringify(lhr));
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}
