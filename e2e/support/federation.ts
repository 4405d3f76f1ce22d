/**
 * Helpers for the federation tests: the five remotes, hashing build folders, the page's federation
 * runtime, sabotaging a remote's chunks from the network layer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from '@playwright/test';
import { REPO_ROOT } from './env';

export interface RemoteInfo {
  /** federation name */
  name: 'mf_auth_signup' | 'mf_members' | 'mf_chat' | 'mf_payments' | 'mf_landers';
  /** workspace folder, also the URL segment under /mf/ */
  folder: string;
  /** a URL the remote owns, and the widgets it exposes (docs/conventions.md, Module Federation) */
  route: string;
  widgets: string[];
}

export const REMOTES: readonly RemoteInfo[] = [
  { name: 'mf_auth_signup', folder: 'mf-auth-signup', route: '/login', widgets: ['./SignupModal'] },
  { name: 'mf_members', folder: 'mf-members', route: '/members', widgets: ['./LikeModal', './MatchModal'] },
  { name: 'mf_chat', folder: 'mf-chat', route: '/chats', widgets: [] },
  { name: 'mf_payments', folder: 'mf-payments', route: '/pricing', widgets: ['./TimeBonusModal', './WelcomeBonusBanner'] },
  // /complaints: a page of mf_landers that stays the app's for a visitor (/ and /pages/* are light pages)
  { name: 'mf_landers', folder: 'mf-landers', route: '/complaints', widgets: [] },
];

export function remote(name: RemoteInfo['name']): RemoteInfo {
  const found = REMOTES.find((r) => r.name === name);
  if (!found) throw new Error(`unknown remote ${name}`);
  return found;
}

/** Every file under `dir` (relative path -> sha256), sorted; {} when the folder is missing. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out;
}

export function distDir(folder: string, root = REPO_ROOT): string {
  return path.join(root, folder, 'dist');
}

/** Every file of a folder, as text (for "contains no ..." checks on build output). */
export function readTreeText(dir: string): Array<{ file: string; text: string }> {
  return Object.keys(hashTree(dir)).map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), 'latin1') }));
}

export interface ManifestJson {
  name?: string;
  id?: string;
  metaData?: { buildInfo?: { buildVersion?: string }; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; path?: string; assets?: { js?: { sync?: string[]; async?: string[] } } }>;
  shared?: Array<{ name?: string; version?: string; singleton?: boolean }>;
}

/** `./routes` and the like, from an mf-manifest.json. */
export function exposedNames(manifest: ManifestJson): string[] {
  return (manifest.exposes ?? []).map((e) => e.path ?? (e.name ? `./${e.name}` : '')).filter(Boolean);
}

/** Records every request the page makes whose URL contains `fragment`. */
export function recordRequests(page: Page, fragment: string): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(fragment)) seen.push(req.url());
  });
  return seen;
}

/** True for a remote's JS chunks other than its entry (remoteEntry.js). */
export function isRemoteChunk(url: string, folder: string): boolean {
  const u = new URL(url);
  return u.pathname.startsWith(`/mf/${folder}/`) && u.pathname.endsWith('.js') && !u.pathname.endsWith('/remoteEntry.js');
}

/**
 * Fulfils one of a remote's chunks with its original code wrapped so that the remote's `./routes`
 * still load but every route component throws while rendering. Works on the webpack JSONP chunk
 * format: the wrapper intercepts the chunk's push, wraps each module factory, and after a module
 * runs, rewrites the route objects it exports (`routes` / default) to a component that throws.
 */
export async function fulfilWithThrowingRoutes(route: Route): Promise<void> {
  const response = await route.fetch();
  const original = await response.text();
  const globalName = /(webpackChunk[\w$]+)/.exec(original)?.[1];
  if (!globalName) {
    await route.fulfill({ response });
    return;
  }
  const wrapper = `;(function () {
  var key = ${JSON.stringify(globalName)};
  var list = (self[key] = self[key] || []);
  var realPush = list.push;
  function E2eRenderFailure() { throw new Error('e2e: this remote throws while rendering'); }
  function breakRoutes(routes) {
    if (!Array.isArray(routes)) return;
    routes.forEach(function (r) {
      if (!r || typeof r !== 'object') return;
      r.element = undefined;
      r.lazy = undefined;
      r.Component = E2eRenderFailure;
      breakRoutes(r.children);
    });
  }
  list.push = function (data) {
    list.push = realPush;
    var modules = data && data[1];
    if (modules) Object.keys(modules).forEach(function (id) {
      var factory = modules[id];
      modules[id] = function (module, exports, require) {
        var result = factory.call(this, module, exports, require);
        try { var x = module.exports; if (x) { breakRoutes(x.routes); if (x.default !== x.routes) breakRoutes(x.default); } } catch (e) {}
        return result;
      };
    });
    return realPush.apply(list, arguments);
  };
})();\n`;
  await route.fulfill({
    status: 200,
    headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' },
    body: wrapper + original,
  });
}

export interface SharedUse {
  /** versions loaded (or loading) */
  versions: string[];
  /** the modules whose copy provides them */
  providers: string[];
  /** the modules using them */
  users: string[];
}

/**
 * What the page's federation runtime has loaded of each shared package, over every instance
 * (shell and each loaded remote) and share scope: package -> versions, providers, users.
 */
export async function loadedShared(page: Page): Promise<Record<string, SharedUse>> {
  return page.evaluate(() => {
    type Share = { loaded?: boolean; loading?: unknown; lib?: unknown; useIn?: string[]; from?: string };
    type Scopes = Record<string, Record<string, Record<string, Share>>>;
    const fed = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Scopes> } }).__FEDERATION__;
    const acc: Record<string, { versions: Set<string>; providers: Set<string>; users: Set<string> }> = {};
    for (const scopes of Object.values(fed?.__SHARE__ ?? {})) {
      for (const pkgs of Object.values(scopes ?? {})) {
        for (const [pkg, versions] of Object.entries(pkgs ?? {})) {
          for (const [version, share] of Object.entries(versions ?? {})) {
            if (!share || !(share.loaded || share.lib)) continue;
            const entry = (acc[pkg] ??= { versions: new Set(), providers: new Set(), users: new Set() });
            entry.versions.add(version);
            if (share.from) entry.providers.add(share.from);
            for (const user of share.useIn ?? []) entry.users.add(user);
          }
        }
      }
    }
    return Object.fromEntries(
      Object.entries(acc).map(([k, v]) => [
        k,
        { versions: [...v.versions].sort(), providers: [...v.providers].sort(), users: [...v.users].sort() },
      ]),
    );
  });
}

/** Names of the federation instances in the page (the shell and every remote loaded so far). */
export async function federationInstances(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fed = (window as unknown as { __FEDERATION__?: { __INSTANCES__?: Array<{ name: string }> } }).__FEDERATION__;
    return (fed?.__INSTANCES__ ?? []).map((i) => i.name);
  });
}

/**
 * A tiny static file server standing in for a CDN on another origin (127.0.0.1:<port>), with
 * CORS open like a CDN serving federated remotes must be. Returns its base URL and a close().
 */
export async function serveFolder(dir: string): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  };
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    const file = path.join(dir, path.normalize(pathname).replace(/^([/\\])+/, ''));
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-cache' };
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
