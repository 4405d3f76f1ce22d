// Preloaded into a measured server by `npm run bench -- memory` (node --require): on SIGUSR2 it
// writes one line `MEMPROBE {json}` to stderr with the process's own view of its memory:
// process.memoryUsage() (RSS, V8 heap used/total, external, arrayBuffers), the V8 heap spaces, and
// the size of every live WebAssembly memory (PGlite's Postgres runs in one; V8 counts it in
// `external`), and how many files were loaded through require() (require.cache) with their size on
// disk: what the server loads at start (a library a later import() loads is not counted). The WebAssembly constructors are wrapped only to keep a weak reference to each memory.
/* global WebAssembly */
'use strict';
const v8 = require('node:v8');

const fs = require('node:fs');

const memories = new Set();
const keep = (m) => {
  if (m instanceof WebAssembly.Memory) memories.add(new WeakRef(m));
};
const scan = (instance) => {
  try {
    for (const v of Object.values(instance.exports)) keep(v);
  } catch {
    // not an instance
  }
};
WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
  construct: (t, a, n) => {
    const m = Reflect.construct(t, a, n);
    keep(m);
    return m;
  },
});
WebAssembly.Instance = new Proxy(WebAssembly.Instance, {
  construct: (t, a, n) => {
    const i = Reflect.construct(t, a, n);
    scan(i);
    return i;
  },
});
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (...args) {
  const r = await instantiate.apply(this, args);
  scan(r.instance ?? r);
  return r;
};

const sizes = new Map();
process.on('SIGUSR2', () => {
  const mu = process.memoryUsage();
  let wasm = 0;
  for (const ref of memories) {
    const m = ref.deref();
    if (!m) memories.delete(ref);
    else wasm += m.buffer.byteLength;
  }
  const files = Object.keys(require.cache);
  let jsBytes = 0;
  for (const file of files) {
    if (!sizes.has(file)) {
      let size = 0;
      try {
        size = fs.statSync(file).size;
      } catch {
        // not a file (a builtin's cache entry)
      }
      sizes.set(file, size);
    }
    jsBytes += sizes.get(file);
  }
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  process.stderr.write(
    `MEMPROBE ${JSON.stringify({ rss: mu.rss, heapUsed: mu.heapUsed, heapTotal: mu.heapTotal, external: mu.external, arrayBuffers: mu.arrayBuffers, wasm, newSpace: spaces.new_space ?? 0, jsFiles: files.length, jsBytes })}\n`,
  );
});
