/**
 * Where a remote's server-side render runs (issue 27 item 5): mf-landers' `render.cjs` is part of
 * its release (versioned, promoted, rolled back with the remote), so whatever a lander deploy
 * contains must not run inside the API with its database, sessions and secrets. It runs here:
 *
 * - in a pool of worker threads (node:worker_threads; 1 on a 2-core machine, at most 2), started with an EMPTY environment (no DATABASE_URL, no tokens)
 *   and a heap limit; the API's objects (database pool, app, requests) do not exist there;
 * - inside a `vm` context of its own in that worker: no `require`, no `process` (a stand-in with
 *   NODE_ENV only), no Node globals but the timers, text coders, URL and Buffer the render needs.
 *   Its `require` answers the pure built-ins React's server renderer uses (stream, util, crypto,
 *   async_hooks, path, events, buffer), `fs` as a READ-ONLY view of the release's own folder (the
 *   render reads its client manifest), and its own chunks inside that folder; anything else
 *   (child_process, net, worker_threads, the database driver, ...) throws;
 * - per call it gets only the data the page needs (the plan's pathname; for the render the
 *   site's settings and texts, the member list, the shell's scripts) and returns a value that is
 *   copied back (structured clone): it never sees the request, its cookies or the server.
 *
 * A call that throws answers an error; a call that takes longer than RENDER_TIMEOUT_MS (2 s)
 * ends its worker (terminate: also a hung loop) and answers an error; a worker that
 * crashes or is terminated is replaced on the next call. The caller then sends the app's page, as
 * for any broken build: never a 500.
 *
 * Limits: a `vm` context is not a security boundary on its own (code that means harm can climb
 * out through a host object's constructor into the worker); what it reaches there is a thread
 * with an empty environment and no handles of the API. A child process started with Node's
 * permission model (--permission --allow-fs-read=<release folder>) would also close the file
 * system; it costs a process per instance and an IPC hop per page.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

export interface RenderSandboxOptions {
  workers?: number;
  timeoutMs?: number;
  /** the heap of each worker, MB */
  maxHeapMb?: number;
  onError?: (error: unknown) => void;
}

export interface RenderSandbox {
  /**
   * Call `fn` (an export of the CommonJS module `file`) with `args` in a worker; `key` says which
   * build of the file (mtime and size): a worker loads the file again when it changes.
   */
  call<T>(file: string, key: string, fn: string, args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/** The worker's code: plain CommonJS, evaluated by `new Worker(code, { eval: true })` (no build step, the same in tests and dist). */
const WORKER_SOURCE = String.raw`
'use strict';
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const hostRequire = require;

const BUILTINS = new Set(['stream', 'util', 'crypto', 'async_hooks', 'path', 'events', 'buffer', 'string_decoder']);
let loaded = null; // { file, key, exports }

function sandboxFs(root) {
  const inside = (p) => {
    const abs = path.resolve(String(p));
    if (abs !== root && !abs.startsWith(root + path.sep)) throw new Error('the render may only read its own release folder, not ' + abs);
    return abs;
  };
  return Object.freeze({
    readFileSync: (p, options) => fs.readFileSync(inside(p), options),
    existsSync: (p) => { try { return fs.existsSync(inside(p)); } catch { return false; } },
  });
}

function load(file, key) {
  const root = path.dirname(path.dirname(file)); // the remote's dist folder of this release
  const processStandIn = Object.freeze({
    env: Object.freeze({ NODE_ENV: 'production' }),
    nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
    platform: 'linux',
    version: process.version,
    versions: Object.freeze({ node: process.versions.node }),
  });
  const context = vm.createContext({
    console, setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate, queueMicrotask,
    TextEncoder, TextDecoder, URL, URLSearchParams, Buffer, AbortController, structuredClone, performance,
    process: processStandIn,
  }, { codeGeneration: { strings: false, wasm: false } });
  context.globalThis = context;
  context.global = context;
  const fsView = sandboxFs(root);
  const modules = new Map();
  function evaluate(abs) {
    const known = modules.get(abs);
    if (known) return known.exports;
    const module = { exports: {} };
    modules.set(abs, module);
    const dir = path.dirname(abs);
    const compiled = vm.compileFunction(fs.readFileSync(abs, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: abs, parsingContext: context });
    compiled.call(module.exports, module.exports, makeRequire(dir), module, abs, dir);
    return module.exports;
  }
  function makeRequire(dir) {
    return function sandboxRequire(id) {
      const name = String(id).replace(/^node:/, '');
      if (name === 'fs') return fsView;
      if (BUILTINS.has(name)) return hostRequire(name);
      if (name.startsWith('./') || name.startsWith('../')) {
        let abs = path.resolve(dir, name);
        if (!abs.startsWith(root + path.sep)) throw new Error('the render may only load its own files, not ' + abs);
        if (!fs.existsSync(abs) && fs.existsSync(abs + '.cjs')) abs += '.cjs';
        else if (!fs.existsSync(abs) && fs.existsSync(abs + '.js')) abs += '.js';
        return evaluate(abs);
      }
      throw new Error('the render may not require ' + id);
    };
  }
  loaded = { file, key, exports: evaluate(path.resolve(file)) };
}

parentPort.on('message', async ({ id, file, key, fn, args }) => {
  try {
    if (!loaded || loaded.file !== file || loaded.key !== key) {
      loaded = null;
      load(file, key);
    }
    const exported = loaded.exports[fn];
    if (typeof exported !== 'function') throw new Error(file + ' exports no function ' + fn);
    const value = await exported(...args);
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error && error.stack ? String(error.stack) : String(error) });
  }
});
`;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface Slot {
  index: number;
  worker: Worker;
  pending: Map<number, Pending>;
}

export class RenderError extends Error {
  override readonly name = 'RenderError';
}

/** 1 worker on a 2-core machine (the other core serves the requests), at most 2. */
export function defaultWorkerCount(): number {
  return Math.min(2, Math.max(1, os.availableParallelism() - 1));
}

export const RENDER_TIMEOUT_MS = 2000;

export function renderSandbox({
  workers = defaultWorkerCount(),
  timeoutMs = RENDER_TIMEOUT_MS,
  maxHeapMb = 256,
  onError,
}: RenderSandboxOptions = {}): RenderSandbox {
  const slots: Array<Slot | null> = Array.from({ length: Math.max(1, workers) }, () => null);
  let nextId = 1;
  let closed = false;

  function fail(slot: Slot, error: Error): void {
    for (const pending of slot.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    slot.pending.clear();
  }

  function start(index: number): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { index, worker, pending: new Map() };
    worker.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const pending = slot.pending.get(message.id);
      if (!pending) return;
      slot.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new RenderError(message.error ?? 'the render failed'));
    });
    const gone = (error: Error) => {
      if (slots[index] === slot) slots[index] = null;
      fail(slot, error);
    };
    worker.on('error', (error) => {
      onError?.(error);
      gone(new RenderError(`the render worker crashed: ${error.message}`));
    });
    worker.on('exit', (code) => gone(new RenderError(`the render worker ended (${code})`)));
    slots[index] = slot;
    return slot;
  }

  /** The worker with the fewest calls in flight (a new one where a slot is empty). */
  function pick(): Slot {
    let best: Slot | null = null;
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i] ?? start(i);
      if (!best || slot.pending.size < best.pending.size) best = slot;
    }
    return best as Slot;
  }

  return {
    call<T>(file: string, key: string, fn: string, args: unknown[]): Promise<T> {
      if (closed) return Promise.reject(new RenderError('the render sandbox is closed'));
      const slot = pick();
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          slot.pending.delete(id);
          reject(new RenderError(`the render took longer than ${timeoutMs} ms`));
          // a hung render blocks its worker: end it (its other calls fail too); the next call starts a new one
          if (slots[slot.index] === slot) slots[slot.index] = null;
          fail(slot, new RenderError(`the render worker was ended: a render took longer than ${timeoutMs} ms`));
          void slot.worker.terminate();
        }, timeoutMs);
        slot.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
        try {
          slot.worker.postMessage({ id, file, key, fn, args });
        } catch (error) {
          // the data could not be copied (a function, ...): this call only
          clearTimeout(timer);
          slot.pending.delete(id);
          reject(new RenderError(`the render's input could not be sent: ${error instanceof Error ? error.message : String(error)}`));
        }
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot?.worker.terminate()));
    },
  };
}
