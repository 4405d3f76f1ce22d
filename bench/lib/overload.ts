/**
 * The overload check of `npm run bench -- api` (`--overload`, and at the end of the default run):
 * 4x the connections for a few seconds against each target call; status counts (2xx, 503, other),
 * errors and p99; then whether the server answers at once afterwards (a call without the database
 * and one with it, side by side) and is still alive.
 */
import { performance } from 'node:perf_hooks';
import { describeExit, exitCause, HarnessError, sleep } from './children';
import type { Child, RssPeak } from './children';
import { fmtInt, fmtMs, load, loud, printTable, statusCounts } from './load';

export interface OverloadTarget {
  label: string;
  path: string;
}

export interface OverloadInput<T extends OverloadTarget> {
  base: string;
  /** the `sid=...` cookie of the logged-in demo member */
  sid: string;
  server: Child;
  servePid: number;
  rss: RssPeak;
  connections: number;
  duration: number;
  targets: T[];
  headersOf: (call: T) => Record<string, string>;
  /** waits until the server has worked off the requests still in flight */
  settle: (after: string) => Promise<void>;
}

/** Runs the check; returns the server's RSS after it (MB, or null). */
export async function overloadCheck<T extends OverloadTarget>(input: OverloadInput<T>): Promise<number | null> {
  const { base, sid, server, servePid, rss, connections, duration } = input;
  console.log(`\noverload: ${connections} connections (4x), ${duration} s per call`);
  const rows: string[][] = [];
  rss.start();
  let previous = '';
  for (const call of input.targets) {
    if (previous) await input.settle(`${previous} (${connections} connections)`);
    previous = call.label;
    const res = await load(base + call.path, connections, duration, input.headersOf(call));
    const counts = statusCounts([res]);
    const ok = [...counts].filter(([c]) => c.startsWith('2')).reduce((s, [, n]) => s + n, 0);
    const unavailable = counts.get('503') ?? 0;
    const other = [...counts].filter(([c]) => !c.startsWith('2') && c !== '503');
    const bad5xx = other.filter(([c]) => c.startsWith('5'));
    rows.push([
      call.label,
      fmtInt(res.requests.sent),
      fmtInt(res.requests.total),
      fmtInt(res.requests.average),
      String(ok),
      String(unavailable),
      other.length ? other.map(([c, n]) => `${c}x${n}`).join(' ') : '0',
      `${res.errors}/${res.timeouts}`,
      fmtMs(res.latency.p99),
    ]);
    if (ok === 0)
      loud(
        `${call.label} under ${connections} connections served no request at all in ${duration} s (0 x 2xx; ${unavailable} x 503, ${res.requests.sent - res.requests.total} unanswered at the end)`,
      );
    if (bad5xx.length)
      loud(`${call.label} under ${connections} connections answered 5xx other than 503: ${bad5xx.map(([c, n]) => `${c}x${n}`).join(' ')}`);
    if (server.exited) break;
  }
  rss.stop();
  const rssAfter = rss.sample();
  printTable(['call', 'sent', 'responses', 'req/s', '2xx', '503', 'other', 'err/timeouts', 'p99 ms'], rows, [0]);
  if (server.exited) {
    loud(`the server ${exitCause(server)} under ${connections} connections`);
    throw new HarnessError(describeExit(server));
  }
  // right after the load: does it answer at once? (the requests still in flight are in its queue)
  const probe = async (label: string, url: string, headers: Record<string, string>) => {
    const t = performance.now();
    let answer = '';
    while (performance.now() - t < 15_000 && !server.exited) {
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        answer = String(res.status);
        if (res.ok) {
          const ms = performance.now() - t;
          if (ms < 1000) console.log(`after the load: ${label} -> ${answer} in ${ms.toFixed(0)} ms (recovered at once)`);
          else if (ms < 3000)
            console.log(
              `after the load: ${label} -> ${answer} after ${(ms / 1000).toFixed(1)} s (not at once: the requests still in flight came first)`,
            );
          else loud(`after the load the server took ${(ms / 1000).toFixed(1)} s to answer ${label} with 2xx again`);
          return;
        }
      } catch (err) {
        answer = (err as Error).message;
      }
      await sleep(100);
    }
    loud(`after the load the server did not answer ${label} with 2xx within 15 s (last: ${answer})`);
  };
  await Promise.all([
    probe('GET /api/settings.php (no database)', `${base}/api/settings.php`, {}),
    probe('GET /api/user.php (database)', `${base}/api/user.php`, { cookie: sid, 'x-request-type': 'web' }),
  ]);
  await sleep(500);
  if (server.exited) {
    loud(`the server ${exitCause(server)} after the overload`);
    throw new HarnessError(describeExit(server));
  }
  console.log(`server still alive (pid ${servePid})`);
  return rssAfter;
}
