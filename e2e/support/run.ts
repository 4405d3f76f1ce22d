/**
 * `npm test` of the e2e package: the suite split into E2E_SHARDS shards (default 2) that run side by
 * side, each a separate `playwright test --shard=i/n` with its own server, embedded database, test
 * inbox and ports (support/start-server.ts), so no shard sees another's data. The browser tests
 * spend most of their time waiting for the page, the server or a mail; two shards on two cores
 * roughly halve the run. Playwright shards by file here (fullyParallel is off), so the tests of one
 * file still run in order in one shard.
 *
 * Each shard's output is prefixed with its number and its exit code decides; arguments are passed to
 * every shard (`npm test -- tests/chat.spec.ts` runs only that file, unsharded).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { E2E_DIR, REPO_ROOT, childEnv, runOptions } from './env';
import { findFreePortsSync } from './ports';

const args = process.argv.slice(2);
const fileArgs = args.some((a) => !a.startsWith('-'));
const shards = fileArgs ? 1 : runOptions().shards;
const playwright = path.join(REPO_ROOT, 'node_modules', '.bin', 'playwright');

function runShard(index: number): Promise<number> {
  const [port, smtp, mailbox] = findFreePortsSync(3);
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const child = spawn(playwright, ['test', ...shardArgs, ...args], {
    cwd: E2E_DIR,
    env: childEnv({
      ...(shards > 1 ? { E2E_REPORT_DIR: `playwright-report/shard-${index}` } : {}),
      E2E_PORT: String(port),
      E2E_SMTP_PORT: String(smtp),
      E2E_MAILBOX_PORT: String(mailbox),
    }),
    stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (shards > 1) {
    const prefix = `[${index}/${shards}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(prefix + line + '\n');
      });
      stream?.on('end', () => {
        if (rest) process.stdout.write(prefix + rest + '\n');
      });
    }
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function main(): Promise<void> {
  const started = Date.now();
  const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  if (shards > 1) console.log(`[e2e] ${shards} shards done in ${minutes} min, exit codes ${codes.join(', ')}`);
  process.exit(codes.every((c) => c === 0) ? 0 : 1);
}

void main();
