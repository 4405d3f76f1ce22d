/**
 * Notifications sent after the commit (PostgreSQL), for the product's hottest write, the paid
 * message (chat/send.ts; migration 0026):
 *
 *   const { rows: [out] } = await chatSend.execute({ ..., defer: deferNotifications(db) });  // select ..., notices from chat_send(...)
 *   notifyAfterCommit(db, out.notices);
 *
 * PostgreSQL serialises the commits of transactions that NOTIFY (one global lock held until the
 * end of the commit, WAL flush included). A send therefore asks chat_send to hand its
 * notifications back ('channel<TAB>payload' lines) and this module sends them after the commit:
 * the lines that arrive while a statement is under way wait for the next one, so one statement
 * (one short transaction that writes nothing, no WAL flush to wait for) carries the
 * notifications of many sends. The order of the lines is kept.
 *
 * On PGlite (one session, no such lock) a send notifies in its transaction as before:
 * `deferNotifications` is false and chat_send hands nothing back.
 *
 * A server that dies between a commit and this statement loses the announcement, not the data: see
 * migration 0026 for who picks it up.
 */
import { sql } from 'drizzle-orm';
import { pgliteOf } from './client';
import type { Db } from './client';
import { preparedSql } from './prepared';

/** lines per statement (NOTIFY keeps them in memory until the commit) */
const MAX_LINES = 2000;

class AfterCommit {
  private lines: string[] = [];
  private running: Promise<void> | null = null;

  /** where a failed statement is reported (platform/plugins/after-commit.ts: the app's log) */
  onError: (error: unknown) => void = (error) => console.error('notifications after commit failed', error);

  constructor(private readonly db: Db) {}

  /** one statement text for any batch: parsed and planned once per connection */
  private statement() {
    return preparedSql(
      this.db,
      'notify_after_commit',
      () =>
        sql`select pg_notify(split_part(l, E'\t', 1), split_part(l, E'\t', 2)) from unnest(string_to_array(${sql.placeholder('text')}::text, E'\n')) as l`,
    );
  }

  add(notices: string): void {
    for (const line of notices.split('\n')) if (line) this.lines.push(line);
    if (!this.running) this.running = this.run();
  }

  /** Resolves when every line added so far is sent. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    // the sends that answer in this turn of the event loop join the first statement
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.lines.length > 0) {
        const batch = this.lines.splice(0, MAX_LINES);
        const text = [...new Set(batch)].join('\n');
        try {
          await this.statement().execute({ text });
        } catch (error) {
          this.onError(error);
        }
      }
    } finally {
      this.running = null;
    }
  }
}

const queues = new WeakMap<Db, AfterCommit>();

/** Whether this database's sends hand their notifications back (PostgreSQL) or send them at commit (PGlite). */
export function deferNotifications(db: Db): boolean {
  return pgliteOf(db) === null;
}

function queueOf(db: Db): AfterCommit {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new AfterCommit(db)));
  return queue;
}

/** Where a failed statement is reported (platform/plugins/after-commit.ts: the app's log); until then, stderr. */
export function reportAfterCommitErrors(db: Db, onError: (error: unknown) => void): void {
  queueOf(db).onError = onError;
}

/** Send the handed-back notifications ('channel<TAB>payload' lines) soon, with those of other sends. */
export function notifyAfterCommit(db: Db, notices: string | null | undefined): void {
  if (notices) queueOf(db).add(notices);
}

/** Wait until every notification handed over so far is sent (the app's close). */
export async function drainAfterCommit(db: Db): Promise<void> {
  await queues.get(db)?.drain();
}
