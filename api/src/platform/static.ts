/**
 * Serving the frontends (docs/architecture.md):
 *   /                      shell/dist/index.html with the request's site settings inlined as
 *                          window.__BOOT__, its session and remotes list as __SESSION__ and
 *                          __REMOTES__ (PageStart) (and every app route that is not a file -> the same)
 *   /<asset>               shell/dist/<asset>
 *   /mf/<folder>/<file>    <folder>/dist/<file> for the five remotes
 *   /mf/<folder>/<build-id>/<file>  a stored release of that remote (modules/releases)
 *   /mf-remotes.json       where the shell finds each remote: per browser, its live release or canary
 *                          (modules/releases; env MF_REMOTES overrides by name)
 *   /uploads/<file>        stored uploads: platform/uploads.ts (served to whom may see them)
 *   /static/fictional.svg  the fictional-profile icon
 *   /manifest.webmanifest  the installed app's manifest, per site (web-manifest.ts)
 * Files are read from disk per request (@fastify/static), so a rebuilt remote is served without a
 * restart; missing dist folders give 404s (and a small fallback page for /), never a failed start.
 * Compression: the build writes `<file>.br` and `<file>.gz` beside every text asset
 * (shared-kit/src/federation/webpack-config.cjs); the one the request's Accept-Encoding prefers is
 * sent (brotli, else gzip, else the file itself), with `Vary: Accept-Encoding`. Nothing is
 * compressed per request except the page itself and /mf-remotes.json (small, made per request,
 * compressed once per distinct content and kept).
 * Caching: files whose name carries a content hash -> public, max-age=31536000, immutable;
 * index.html (the page; private, as it holds the cookie's session), mf-manifest.json,
 * remoteEntry.js, mf-remotes.json -> no-cache with an ETag, so a revisit revalidates them with
 * If-None-Match and gets a 304 without a body while they are unchanged.
 */
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isShellPage, resolveRoute } from '@dating/shared-kit/contracts';
import { AppError } from '../errors';
import { landerRegistryReader } from './lander-registry';
import { lightLanders } from './light-landers';
import { ownCall } from './own-call';
import { and, eq, sql } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { webManifest } from './web-manifest';
import { REMOTE_FOLDERS, remotesConfig } from './remotes';
import { pageLanguage, pagePreloads, preloadTags } from './page-preloads';
import { pagePolicy, scriptSources } from './security-headers';
import { SESSION_COOKIE } from './session';

export { REMOTE_FOLDERS, ZRemotesConfig, defaultRemotes, remotesConfig } from './remotes';
export type { RemotesConfig } from './remotes';

const NO_CACHE_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'sw-push.js']);
/** a content hash in the name: main.3f2a9c1b.js, 123.a1b2c3d4e5.chunk.js, font-8c7d6e5f.woff2 */
const HASHED = /[.-][0-9a-f]{8,}[.-]/i;

/** What the build compresses (`<file>.br`, `<file>.gz`): answers for these vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|cjs|json|css|svg|map|txt|webmanifest|html)$/i;
/** The pre-compressed copy's extension. */
const ENCODED_COPY = /\.(br|gz)$/;

export function cacheControlFor(file: string): string {
  const base = path.basename(file).replace(ENCODED_COPY, '');
  if (NO_CACHE_FILES.has(base) || base.endsWith('.html')) return 'no-cache';
  if (HASHED.test(base)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

const FICTIONAL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" role="img" aria-label="chatpal"><circle cx="12" cy="12" r="11" fill="#e83e8c"/><path d="M6.5 8.5h11a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5H11l-3.5 2.5V16.5h-1A1.5 1.5 0 0 1 5 15v-5a1.5 1.5 0 0 1 1.5-1.5z" fill="#fff"/><circle cx="9" cy="12.5" r="1" fill="#e83e8c"/><circle cx="12" cy="12.5" r="1" fill="#e83e8c"/><circle cx="15" cy="12.5" r="1" fill="#e83e8c"/></svg>`;

/** Resolve `rel` inside `root`; null when it escapes root (../) or is empty. */
function safeJoin(root: string, rel: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, `.${path.posix.sep}${decoded}`);
  return full.startsWith(root + path.sep) ? full : null;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

async function readFileOrNull(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

/** Sends `file` (inside `root`) with its caching headers, pre-compressed when the client accepts it. */
async function sendFile(reply: FastifyReply, root: string, file: string): Promise<boolean> {
  if (!(await isFile(file))) return false;
  await reply.sendFile(path.relative(root, file), root);
  return true;
}

/** brotli / gzip of the small bodies made per request, by content hash (a bounded cache). */
const encodedBodies = new Map<string, Buffer>();
const ENCODED_BODIES_MAX = 256;

function encodeBody(body: Buffer, hash: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${hash}:${encoding}`;
  let encoded = encodedBodies.get(key);
  if (!encoded) {
    encoded =
      encoding === 'br'
        ? zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : zlib.gzipSync(body, { level: 9 });
    if (encodedBodies.size >= ENCODED_BODIES_MAX) encodedBodies.delete(encodedBodies.keys().next().value ?? '');
    encodedBodies.set(key, encoded);
  }
  return encoded;
}

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 13.1.2). */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * A body made per request (the page, the remotes list): no-cache with an ETag of its content, 304
 * when the client's copy is current, brotli or gzip when accepted (Vary: Accept-Encoding).
 */
export function sendRevalidated(
  req: FastifyRequest,
  reply: FastifyReply,
  text: string,
  type: string,
  status = 200,
  cacheControl = 'no-cache',
  vary = 'Accept-Encoding',
): FastifyReply {
  const body = Buffer.from(text, 'utf8');
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const accepted = req.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? (negotiate(accepted, ['br', 'gzip']) as 'br' | 'gzip' | undefined) : undefined;
  // one ETag per representation: a cache must not serve the gzip body to a client asking for br
  const etag = `"${hash}${encoding ? `-${encoding}` : ''}"`;
  reply
    .status(status)
    .header('cache-control', cacheControl)
    .header('vary', vary)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (status === 200 && ifNoneMatch(req.headers['if-none-match'], etag)) return reply.status(304).send();
  reply.type(type);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(encodeBody(body, hash, encoding));
}

/** JSON for an inline <script>: `<` escaped so no `</script>` or `<!--` can end it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const FALLBACK_INDEX = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Flirtlokaal</title></head><body><main><h1>Flirtlokaal</h1><p>The site is not built yet: run <code>npm run build</code>.</p></main></body></html>`;

/** What the shell reads as window.__BOOT__: the request's site settings. */
export function bootOf(req: FastifyRequest): { settings: unknown; domain_language: string } {
  const settings = req.site?.settings;
  return { settings: settings ?? null, domain_language: settings?.domain_language ?? 'nl' };
}

/**
 * What the shell's boot would fetch first, inlined into its page so that it starts federation
 * without those two requests (shell/src/boot.tsx checks both as it checks the fetched answers):
 * `session` is GET /api/user.php's answer for the request's cookie (absent when that call does not
 * answer 200, e.g. a banned member's 403: boot then asks itself), `remotes` the browser's
 * /mf-remotes.json. The page then depends on the cookie: private, Vary: Cookie.
 */
export interface PageStart {
  session?: unknown;
  remotes?: unknown;
  /** <link rel=preload> tags of the files the start fetches first (page-preloads.ts) */
  preloads?: string;
}

export function renderIndex(html: string, req: FastifyRequest, start: PageStart = {}): string {
  const settings = req.site?.settings;
  const boot = bootOf(req);
  const inlined = [
    ...('session' in start ? [`window.__SESSION__=${inlineJson(start.session)}`] : []),
    ...('remotes' in start ? [`window.__REMOTES__=${inlineJson(start.remotes)}`] : []),
  ];
  const script = `${inlined.length > 0 ? `<script>${inlined.join(';')}</script>` : ''}<script>window.__BOOT__=${inlineJson(boot)}</script>`;
  let out = start.preloads ? html.replace(/<\/head>/i, () => `${start.preloads}</head>`) : html;
  if (settings) {
    const title = `<title>${escapeHtml(settings.index_title)}</title>`;
    out = /<title>[\s\S]*?<\/title>/i.test(out)
      ? out.replace(/<title>[\s\S]*?<\/title>/i, () => title)
      : out.replace(/<\/head>/i, () => `${title}</head>`);
  }
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${script}</head>`) : `${script}${out}`;
}

export default async function staticPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.STATIC_ROOT_ABS;
  const shellDist = path.join(root, 'shell', 'dist');
  const remotes = remotesConfig(app.config.MF_REMOTES);
  const sources = scriptSources(remotes);
  /**
   * a page: sent like any body made per request, with the hashes of its inline scripts in its policy;
   * `private` one holds a member's session (never kept by a shared cache, revalidated per cookie)
   */
  const sendPage = (req: FastifyRequest, reply: FastifyReply, html: string, status: number, personal = false) =>
    sendRevalidated(
      req,
      reply.header('content-security-policy', pagePolicy(sources, html)),
      html,
      'text/html; charset=utf-8',
      status,
      personal ? 'private, no-cache' : 'no-cache',
      personal ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
    );
  const landers = landerRegistryReader(root);
  // the landers' server render is part of their release (issue 27 item 5): the live release's render.cjs
  const landerRender = (buildId: string | null): string => {
    const stored = buildId ? app.releases.folderOf('mf-landers', buildId) : null;
    const file = stored ? path.join(stored, 'light-server', 'render.cjs') : null;
    return file && existsSync(file) ? file : path.join(root, 'mf-landers', 'dist', 'light-server', 'render.cjs');
  };
  const light = lightLanders(app, root, { liveBuildId: () => app.releases.served.liveOf('mf-landers'), renderFileFor: landerRender });
  const visibleMember = async (id: string): Promise<boolean> => {
    if (!/^\d{1,9}$/.test(id)) return false;
    const [row] = await app.db
      .select({ one: sql<number>`1` })
      .from(profiles)
      .where(and(eq(profiles.userId, Number(id)), eq(profiles.searchable, true)))
      .limit(1);
    return row !== undefined;
  };

  /** The remotes list of this browser's bucket (as /mf-remotes.json answers it) and its session (PageStart). */
  async function pageStart(req: FastifyRequest, reply: FastifyReply): Promise<PageStart> {
    await app.releases.followBuilds();
    const remotes: unknown = JSON.parse(app.releases.served.forBucket(app.releases.bucketOf(req, reply)).text);
    // without a session cookie the call answers every visitor alike
    if (!req.cookies[SESSION_COOKIE]) return { session: { user: null }, remotes };
    // the call itself, as the browser would make it (its host, cookie, language): one answer, one place
    const session = await ownCall(app, req, '/api/user.php');
    if (session === null) return { remotes };
    return { session, remotes, preloads: await memberPreloads(req, session, remotes) };
  }

  /**
   * A member's page whose route a remote owns: the files boot fetches first, named in the page
   * (page-preloads.ts), as the browser's remotes list names them. Nothing for a visitor.
   */
  async function memberPreloads(req: FastifyRequest, session: unknown, remotes: unknown): Promise<string | undefined> {
    const route = resolveRoute(req.url);
    if (!route || (session as { user?: unknown } | null)?.user == null) return undefined;
    const listed = (remotes as { remotes?: { name: string; entry: string; build_id: string | null }[] }).remotes ?? [];
    const entry = listed.find((remote) => remote.name === route.remote);
    const folder = route.remote.replace(/_/g, '-');
    let remote: { manifestUrl: string; folder: string } | null = null;
    if (entry && entry.entry.startsWith(`/mf/${folder}/`)) {
      // a release the store does not hold (yet) is named by nobody: no guessing at its files
      const stored = entry.build_id ? app.releases.folderOf(folder, entry.build_id) : null;
      if (stored || !entry.build_id) remote = { manifestUrl: entry.entry, folder: stored ?? path.join(root, folder, 'dist') };
    }
    const settings = req.site?.settings;
    const language = pageLanguage(req.cookies.lang, settings?.domain_language, req.headers['accept-language']);
    return preloadTags(await pagePreloads(shellDist, language, remote)) || undefined;
  }

  /**
   * The shell's page; a path the route table does not know is answered 404 (the shell shows its
   * 404 page), and so is a lander variant or slug that mf-landers' built registry does not know.
   */
  async function sendIndex(req: FastifyRequest, reply: FastifyReply) {
    const built = (await readFileOrNull(path.join(shellDist, 'index.html')))?.toString('utf8') ?? null;
    const html = built ?? FALLBACK_INDEX;
    const route = resolveRoute(req.url);
    let status = !route
      ? isShellPage(req.url)
        ? 200
        : 404
      : route.remote === 'mf_landers'
        ? ((await landers.status(req.url)) ?? 200)
        : 200;
    // a member landing (/members/:id/landing*, /members/:id/signup) of a member nobody may see
    // (unknown, deleted, disabled, invisible, staff: profiles.searchable) is a 404 too
    if (status === 200 && route?.remote === 'mf_landers' && route.params.id !== undefined && !(await visibleMember(route.params.id)))
      status = 404;
    // a lander, the index or a legal page for a visitor: the light page, rendered here with its
    // content (light-landers.ts; mf-landers' build says which of its URLs it renders)
    if (status === 200 && route?.remote === 'mf_landers') {
      // a dist rebuilt under the running server is the live release before its page is rendered
      // (the status above already read the rebuilt registry); at most one look a second
      await app.releases.followBuilds();
      const page = await light.page(req, built, bootOf(req));
      if (page) return sendPage(req, reply, page, 200);
    }
    return sendPage(req, reply, renderIndex(html, req, built ? await pageStart(req, reply) : {}), status, true);
  }

  // reply.sendFile for the shell's and the remotes' builds: no route of its own (serve: false)
  await app.register(fastifyStatic, {
    root: shellDist,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // @fastify/static 10 hands the reply (it was a raw-response shim) and itself adds
    // `Vary: accept-encoding` to every pre-compressed lookup unless it is already there
    setHeaders(reply, file) {
      const served = file.replace(ENCODED_COPY, '');
      reply.header('cache-control', cacheControlFor(served));
      if (COMPRESSIBLE.test(served)) reply.header('vary', 'Accept-Encoding');
      reply.header('x-content-type-options', 'nosniff');
    },
  });

  // per browser (issue 27, modules/releases): the live release of each remote, or its canary when the
  // browser's mf_bucket is in the canary's share; MF_REMOTES entries win by name. From memory: the
  // text per bucket combination is kept until a NOTIFY on `releases` says the state changed.
  app.get('/mf-remotes.json', { schema: { hide: true } }, async (req, reply) => {
    await app.releases.followBuilds();
    return sendRevalidated(
      req,
      reply,
      app.releases.served.forBucket(app.releases.bucketOf(req, reply)).text,
      'application/json; charset=utf-8',
      200,
      'no-cache',
      'Accept-Encoding, Cookie',
    );
  });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (req, reply) =>
    sendRevalidated(req, reply, JSON.stringify(webManifest(req)), 'application/manifest+json; charset=utf-8'),
  );

  // compressed like every other text asset (the landers show it on their first load)
  app.get('/static/fictional.svg', { schema: { hide: true } }, async (req, reply) =>
    sendRevalidated(req, reply, FICTIONAL_SVG, 'image/svg+xml', 200, 'public, max-age=86400'),
  );

  app.get<{ Params: { folder: string; '*': string } }>('/mf/:folder/*', { schema: { hide: true } }, async (req, reply) => {
    const folder = req.params.folder;
    if (!(REMOTE_FOLDERS as readonly string[]).includes(folder)) throw new AppError('not_found', { status: 404 });
    // a stored release: /mf/<folder>/<build-id>/<file> (modules/releases), with the same headers as a build's files
    const [first, ...rest] = req.params['*'].split('/');
    const stored = rest.length > 0 && first ? app.releases.folderOf(folder, first) : null;
    if (stored) {
      const file = safeJoin(stored, rest.join('/'));
      if (!file || !(await sendFile(reply, stored, file))) throw new AppError('not_found', { status: 404 });
      return reply;
    }
    const dist = path.join(root, folder, 'dist');
    const file = safeJoin(dist, req.params['*']);
    if (file && (await sendFile(reply, dist, file))) return reply;
    // The light pages' server render is the live release's (issue 27 item 5); the page it writes names
    // its client files at /mf/<folder>/light-client/<hashed file>. When the live release is not this
    // build (a team's release, or a dist rebuilt after the start), those hashed files are in its folder.
    const live = app.releases.served.liveOf(folder);
    const released = live ? app.releases.folderOf(folder, live) : null;
    const fromRelease = released ? safeJoin(released, req.params['*']) : null;
    if (released && fromRelease && (await sendFile(reply, released, fromRelease))) return reply;
    throw new AppError('not_found', { status: 404 });
  });

  app.get('/', { schema: { hide: true } }, sendIndex);

  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (req, reply) => {
    const rel = req.params['*'];
    if (rel.startsWith('api/') || rel === 'api') throw new AppError('route_not_found', { status: 404 });
    if (rel !== 'index.html') {
      const file = safeJoin(shellDist, rel);
      if (file && (await sendFile(reply, shellDist, file))) return reply;
      // a missing file (has an extension) is a 404; anything else is an app route
      if (/\.[a-z0-9]{1,8}$/i.test(rel) || rel.startsWith('mf/') || rel.startsWith('uploads/')) {
        throw new AppError('not_found', { status: 404 });
      }
    }
    return sendIndex(req, reply);
  });
}
