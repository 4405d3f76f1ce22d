/**
 * Admission control for requests that use the database: a fair (first come, first served) queue
 * with a bound, so that load beyond what the database can serve becomes a quick 503 with
 * `Retry-After` instead of a queue that grows until every request times out.
 *
 *   const gate = createAdmission({ concurrency: 8, maxQueue: 256, maxWaitMs: 1000 });
 *   const release = await gate.acquire();   // throws AppError service_unavailable (503) when full
 *   ...; release();                          // exactly once (extra calls are ignored)
 *
 * Why: the embedded PGlite runs one query at a time inside the server's own event loop, so 50
 * connections hammering it used to queue inside PGlite unfairly, with a 6 s p99 and timeouts on a
 * busy machine. Requests now wait here in arrival order, at most `concurrency` run at once, a
 * request that would wait longer than `maxWaitMs` (or find `maxQueue` ahead of it) is answered 503
 * with `Retry-After` at once, and nothing that was admitted is dropped. PostgreSQL gets the same
 * gate with room for its connection pool.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface AdmissionOptions {
  /** requests that may use the database at the same time */
  concurrency: number;
  /** requests that may wait; one more gets a 503 at once */
  maxQueue: number;
  /** a request that waited this long is answered 503 instead of being run late */
  maxWaitMs: number;
  /** seconds for the Retry-After header of a 503 (default 1) */
  retryAfterSeconds?: number;
}

export interface AdmissionStats {
  active: number;
  waiting: number;
  /** requests answered 503 since start */
  shed: number;
}

export interface Admission {
  acquire(): Promise<() => void>;
  stats(): AdmissionStats;
}

interface Waiter {
  since: number;
  resolve: (release: () => void) => void;
  reject: (err: AppError) => void;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const retryAfter = options.retryAfterSeconds ?? 1;
  const queue: Waiter[] = [];
  let head = 0;
  let active = 0;
  let shed = 0;
  let sweeper: NodeJS.Timeout | null = null;

  const overloaded = () => {
    shed += 1;
    return new AppError('service_unavailable', { status: 503, extra: { retry_after: retryAfter } });
  };

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active -= 1;
      next();
    };
  };

  /** The waiter at the head, taken off the queue. */
  function take(): Waiter {
    const waiter = queue[head] as Waiter;
    queue[head] = undefined as unknown as Waiter;
    head += 1;
    return waiter;
  }

  /** The oldest waiters are at the head: answer those that waited too long, now rather than late. */
  function sweep(): void {
    const now = Date.now();
    while (head < queue.length && now - (queue[head] as Waiter).since > options.maxWaitMs) {
      take().reject(overloaded());
    }
    if (head === queue.length && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }

  function next(): void {
    sweep();
    while (active < options.concurrency && head < queue.length) {
      active += 1;
      take().resolve(releaser());
    }
    // compact the array once the consumed head is large
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
  }

  return {
    acquire() {
      if (active < options.concurrency && head === queue.length) {
        active += 1;
        return Promise.resolve(releaser());
      }
      if (queue.length - head >= options.maxQueue) return Promise.reject(overloaded());
      if (!sweeper) {
        sweeper = setInterval(sweep, Math.max(10, Math.min(100, options.maxWaitMs / 4)));
        sweeper.unref();
      }
      return new Promise((resolve, reject) => {
        queue.push({ since: Date.now(), resolve, reject });
      });
    },
    stats: () => ({ active, waiting: queue.length - head, shed }),
  };
}

/**
 * Run `work` that does not use the database (decoding an uploaded image) without holding the
 * request's admission slot, so a long decode does not keep logins waiting for the database; the
 * request takes a slot again afterwards (a 503 when the queue is full) for what follows.
 */
export async function outsideAdmission<T>(req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  req.releaseAdmission?.();
  req.releaseAdmission = null;
  const result = await work();
  req.releaseAdmission = await req.server.admission.acquire();
  return result;
}
