/**
 * The load side of `npm run bench -- api`: autocannon runs (bounded, stoppable), the statistics of
 * their results, and the table and findings the benchmark prints.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

// ---- autocannon (untyped package: the part we use) ----------------------------------------------

export interface LoadResult {
  requests: { average: number; total: number; sent: number };
  /** added here: what the errors were (autocannon's reqError events), by code or message */
  errorKinds: Map<string, number>;
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number } | undefined>;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  timeout?: number;
}
type Tracker = { stop(): void; on(event: 'reqError', listener: (err: NodeJS.ErrnoException) => void): void };
type Autocannon = (o: LoadOptions, cb: (err: Error | null, result: Omit<LoadResult, 'errorKinds'>) => void) => Tracker;
const autocannon = createRequire(path.join(ROOT, 'package.json'))('autocannon') as Autocannon;

// autocannon's request timer (retimer) asks for a negative delay once a request is past its timeout:
// Node 24 warns about it on every occurrence, the timeout itself is counted in the table
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'TimeoutNegativeWarning') console.error(`${w.name}: ${w.message}`);
});

/** The loads running now: stopped by the cleanup (children.ts) on error or Ctrl-C. */
export const running = new Set<{ stop(): void }>();

// ---- load -------------------------------------------------------------------------------------------

export function load(url: string, connections: number, duration: number, headers: Record<string, string>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const errorKinds = new Map<string, number>();
    const tracker = autocannon({ url, connections, duration, headers, timeout: 10 }, (err, result) => {
      running.delete(tracker);
      if (err) reject(err);
      else resolve({ ...result, errorKinds });
    });
    tracker.on('reqError', (e) => {
      const kind = e.code ?? e.message;
      errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
    });
    running.add(tracker);
  });
}

export function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export function statusCounts(results: LoadResult[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of results)
    for (const [code, stat] of Object.entries(r.statusCodeStats)) counts.set(code, (counts.get(code) ?? 0) + (stat?.count ?? 0));
  return counts;
}

export function errorKinds(results: LoadResult[]): string {
  const kinds = new Map<string, number>();
  for (const r of results) for (const [k, n] of r.errorKinds) kinds.set(k, (kinds.get(k) ?? 0) + n);
  return [...kinds].map(([k, n]) => `${k} x${n}`).join(', ');
}

export function nonOk(counts: Map<string, number>): string {
  return [...counts]
    .filter(([code]) => !code.startsWith('2'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code}x${n}`)
    .join(' ');
}

// ---- output -----------------------------------------------------------------------------------------

export const fmtInt = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en') : '-');
// autocannon's latency histogram counts whole milliseconds
export const fmtMs = (v: number) => (Number.isFinite(v) ? (v < 1 ? '<1' : Number.isInteger(v) ? String(v) : v.toFixed(1)) : '-');
export const fmtPct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : '-');
export const fmtMb = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(0)} MB`);

export function printTable(head: string[], rows: string[][], leftColumns: number[] = [0]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (leftColumns.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export const findings: string[] = [];
export function loud(message: string): void {
  findings.push(message);
  console.log(`!!! ${message}`);
}
