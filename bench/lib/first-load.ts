/**
 * One first visit of a page in a fresh browser context (empty cache), as `bench/web.ts` and
 * `bench/landers.ts` both measure it: every finished request with its type, bytes as sent
 * (compressed) and, for scripts and stylesheets, decoded; whether it came before the page's
 * `main h1` showed ("to render") or after ("+ idle": what follows in `idleMs` without input); the
 * first contentful paint and the summed layout shift. "Before" is judged by the browser's own clock:
 * a request that started before the heading was in the page. (Judged when Playwright's wait for the
 * heading returned, the widgets a page loads once it has shown were counted as part of its render
 * whenever that round trip came late: /credits flipped between about 190 and 230 kB.)
 */
import http from 'node:http';
import type { Browser } from 'playwright-core';

export interface FirstLoadOptions {
  viewport: { width: number; height: number };
  /** phone emulation (isMobile, hasTouch) */
  phone?: boolean;
  /** a session cookie (`sid`) for a logged-in visit */
  sessionCookie?: string | null;
  /** how long to watch after the page has rendered and the network is quiet */
  idleMs: number;
  /** what is wrong with a static answer ('' when nothing): e.g. its compression and cache policy */
  check?: (pathname: string, headers: Record<string, string>) => string;
}

export interface Resource {
  url: string;
  /** Playwright's resource type: script, stylesheet, image, fetch, document, ... */
  type: string;
  /** bytes as sent (compressed) */
  body: number;
  /** decoded bytes (scripts and stylesheets only, else 0) */
  raw: number;
  beforeRender: boolean;
  problem: string;
}

export interface FirstLoad {
  resources: Resource[];
  fcp: number;
  cls: number;
}

/** When the page's `main h1` was first in the document (epoch ms, the browser's clock). */
const HEADING_WATCH = `(() => {
  const seen = () => {
    if (window.__h1At === undefined && document.querySelector('main h1')) window.__h1At = performance.timeOrigin + performance.now();
    return window.__h1At !== undefined;
  };
  const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** Layout shifts without recent input, summed (the page's CLS as a number, not windowed). */
const CLS_OBSERVER = `(() => {
  window.__cls = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

export async function firstLoad(browser: Browser, base: string, path: string, options: FirstLoadOptions): Promise<FirstLoad> {
  const context = await browser.newContext({
    viewport: options.viewport,
    ...(options.phone ? { isMobile: true, hasTouch: true } : {}),
    serviceWorkers: 'block',
  });
  try {
    if (options.sessionCookie) await context.addCookies([{ name: 'sid', value: options.sessionCookie, url: base }]);
    await context.addInitScript(CLS_OBSERVER);
    await context.addInitScript(HEADING_WATCH);
    const page = await context.newPage();
    let rendered = false;
    let headingAt: (value: number | null) => void = () => {};
    const heading = new Promise<number | null>((resolve) => (headingAt = resolve));
    const pending: Promise<Resource>[] = [];
    page.on('requestfinished', (request) => {
      const seenAfter = rendered;
      pending.push(
        (async () => {
          const at = await heading;
          const beforeRender = at === null ? !seenAfter : request.timing().startTime < at;
          const response = await request.response();
          const sizes = await request.sizes();
          const type = request.resourceType();
          const raw =
            (type === 'script' || type === 'stylesheet') && response ? (await response.body().catch(() => Buffer.alloc(0))).length : 0;
          const problem =
            options.check && response && response.status() < 300
              ? options.check(new URL(request.url()).pathname, await response.allHeaders())
              : '';
          return { url: request.url(), type, body: sizes.responseBodySize, raw, beforeRender, problem };
        })(),
      );
    });
    await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 60_000 });
    rendered = true;
    headingAt(await page.evaluate(() => (globalThis as unknown as { __h1At?: number }).__h1At ?? null));
    // (a server-rendered page's heading is there before its first paint is recorded: wait for it)
    await page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(options.idleMs);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const cls = await page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls);
    return { resources: await Promise.all(pending), fcp, cls };
  } finally {
    await context.close();
  }
}

/** Sum of `pick` over the resources of `type` (all types when omitted). */
export function total(resources: readonly Resource[], pick: 'body' | 'raw', type?: string): number {
  return resources.filter((r) => !type || r.type === type).reduce((n, r) => n + r[pick], 0);
}

/**
 * The anchor both benchmarks measure in the same run: a one-line HTML page from a plain Node server
 * (what this machine's Chromium needs for any page at all, at this moment's load).
 */
export async function startAnchorPage(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>anchor</title><main><h1>anchor</h1></main>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, close: () => server.close() };
}

/** First contentful paint of the anchor page in a fresh context. */
export async function anchorFcp(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<number> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 });
    return await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  } finally {
    await context.close();
  }
}
