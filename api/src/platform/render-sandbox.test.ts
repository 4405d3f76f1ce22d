/**
 * The server render's sandbox (issue 27 item 5): a release's render.cjs runs in a worker's own vm
 * context: no file system outside its release folder, no other modules, no server environment;
 * a throw or a hang is an error for that call only, and the next call works (a new worker).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderSandbox } from './render-sandbox';
import type { RenderSandbox } from './render-sandbox';

let root: string;
let sandbox: RenderSandbox;
let generation = 0;

/** Writes `dist/light-server/render.cjs` (and other files of the release) and returns its path and a fresh key. */
function release(files: Record<string, string>): { file: string; key: string } {
  for (const [name, body] of Object.entries(files)) {
    const at = path.join(root, 'dist', name);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, body);
  }
  generation += 1;
  return { file: path.join(root, 'dist', 'light-server', 'render.cjs'), key: String(generation) };
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'render-sandbox-'));
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the release');
  process.env.RENDER_SANDBOX_TEST_SECRET = 'postgres://user:password@db/prod';
  sandbox = renderSandbox({ workers: 1, timeoutMs: 1500 });
});
afterAll(async () => {
  await sandbox.close();
  delete process.env.RENDER_SANDBOX_TEST_SECRET;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the render sandbox', () => {
  it('renders with its own files: its chunks and a read-only view of its release folder', async () => {
    const { file, key } = release({
      'light-client/manifest.json': JSON.stringify({ client: { js: ['client.1.js'] } }),
      'light-server/chunk.cjs': 'exports.greet = (name) => "Hallo " + name;',
      'light-server/render.cjs': `
        const fs = require('node:fs');
        const path = require('node:path');
        const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'light-client', 'manifest.json'), 'utf8'));
        exports.render = (input) => '<p>' + require('./chunk.cjs').greet(input.name) + ' ' + manifest.client.js[0] + '</p>';`,
    });
    await expect(sandbox.call(file, key, 'render', [{ name: 'Anna' }])).resolves.toBe('<p>Hallo Anna client.1.js</p>');
  });

  it("cannot read files outside its release, write any, load other modules or see the server's environment", async () => {
    const { file, key } = release({
      'light-server/render.cjs': `
        const tryIt = (fn) => { try { return String(fn()); } catch (e) { return 'refused'; } };
        exports.render = () => JSON.stringify({
          outside: tryIt(() => require('fs').readFileSync(${JSON.stringify(path.join(root, 'secret.txt'))}, 'utf8')),
          passwd: tryIt(() => require('node:fs').readFileSync('/etc/passwd', 'utf8')),
          write: tryIt(() => require('fs').writeFileSync(__dirname + '/x.txt', 'x')),
          childProcess: tryIt(() => require('child_process').execSync('id')),
          net: tryIt(() => require('net')),
          worker: tryIt(() => require('worker_threads')),
          env: typeof process.env.RENDER_SANDBOX_TEST_SECRET,
          envKeys: Object.keys(process.env).join(','),
          globalRequire: typeof globalThis.require,
          evalCode: tryIt(() => eval('1 + 1')),
        });`,
    });
    const seen = JSON.parse(await sandbox.call<string>(file, key, 'render', []));
    expect(seen).toEqual({
      outside: 'refused',
      passwd: 'refused',
      write: 'refused',
      childProcess: 'refused',
      net: 'refused',
      worker: 'refused',
      env: 'undefined',
      envKeys: 'NODE_ENV',
      globalRequire: 'undefined',
      evalCode: 'refused',
    });
  });

  it('answers a render that throws with an error, and the next call works', async () => {
    const broken = release({ 'light-server/render.cjs': "exports.render = () => { throw new Error('lander bug'); };" });
    await expect(sandbox.call(broken.file, broken.key, 'render', [])).rejects.toThrow('lander bug');
    const fixed = release({ 'light-server/render.cjs': "exports.render = () => 'ok';" });
    await expect(sandbox.call(fixed.file, fixed.key, 'render', [])).resolves.toBe('ok');
  });

  it('ends a render that hangs after the timeout and starts a new worker for the next call', async () => {
    const hung = release({ 'light-server/render.cjs': 'exports.render = () => { for (;;) {} };' });
    const started = Date.now();
    await expect(sandbox.call(hung.file, hung.key, 'render', [])).rejects.toThrow(/longer than 1500 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
    const fixed = release({ 'light-server/render.cjs': "exports.render = () => 'after the hang';" });
    await expect(sandbox.call(fixed.file, fixed.key, 'render', [])).resolves.toBe('after the hang');
  });

  it('answers input that cannot be copied with an error, not a crash', async () => {
    const { file, key } = release({ 'light-server/render.cjs': "exports.render = () => 'x';" });
    await expect(sandbox.call(file, key, 'render', [{ fn: () => 1 }])).rejects.toThrow(/could not be sent/);
    await expect(sandbox.call(file, key, 'render', [{}])).resolves.toBe('x');
  });
});
