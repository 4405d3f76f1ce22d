/**
 * Serving the frontends (ARCHITECTURE.md "Runtime composition"):
 *   /                      shell/dist/index.html with the request's site settings inlined as
 *                          window.__BOOT__ (and every app route that is not a file -> the same)
 *   /<asset>               shell/dist/<asset>
 *   /mf/<folder>/<file>    <folder>/dist/<file> for the five remotes
 *   /mf-remotes.json       where the shell finds each remote (env MF_REMOTES overrides by name)
 *   /uploads/<file>        stored uploads: platform/uploads.ts (served to whom may see them)
 *   /static/fictional.svg  the fictional-profile icon
 * Files are read from disk per request, so a rebuilt remote is served without a restart; missing
 * dist folders give 404s (and a small fallback page for /), never a failed start.
 * Caching: index.html, mf-manifest.json, remoteEntry.js, mf-remotes.json -> no-cache; files whose
 * name carries a content hash -> public, max-age=31536000, immutable.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveRoute } from '@dating/shared-kit/contracts';
import { AppError } from '../errors';

export const REMOTE_FOLDERS = ['mf-auth-signup', 'mf-members', 'mf-chat', 'mf-payments', 'mf-landers'] as const;

export const ZRemotesConfig = z.object({
  remotes: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), entry: z.string().min(1) })),
});
export type RemotesConfig = z.infer<typeof ZRemotesConfig>;

export function defaultRemotes(): RemotesConfig {
  return {
    remotes: REMOTE_FOLDERS.map((folder) => ({
      name: folder.replace(/-/g, '_'),
      entry: `/mf/${folder}/mf-manifest.json`,
    })),
  };
}

/**
 * The served remote list: each remote's own build under /mf/<folder>/, with the entries of
 * MF_REMOTES (JSON) put over it by name. Moving one remote to a CDN therefore names only that
 * remote; the other four keep being served from here. A name that is not one of the five is added.
 */
export function remotesConfig(raw: string | undefined): RemotesConfig {
  const defaults = defaultRemotes();
  if (!raw) return defaults;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('MF_REMOTES is not valid JSON');
  }
  const parsed = ZRemotesConfig.safeParse(json);
  if (!parsed.success) throw new Error(`MF_REMOTES is not valid: ${parsed.error.message}`);
  const byName = new Map(defaults.remotes.map((r) => [r.name, r]));
  for (const r of parsed.data.remotes) byName.set(r.name, r);
  return { remotes: [...byName.values()] };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const NO_CACHE_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'sw-push.js']);
/** a content hash in the name: main.3f2a9c1b.js, 123.a1b2c3d4e5.chunk.js, font-8c7d6e5f.woff2 */
const HASHED = /[.-][0-9a-f]{8,}[.-]/i;

export function cacheControlFor(file: string): string {
  const base = path.basename(file);
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

async function readFileOrNull(file: string): Promise<Buffer | null> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return null;
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

async function sendFile(reply: FastifyReply, file: string, cacheControl?: string): Promise<boolean> {
  const data = await readFileOrNull(file);
  if (!data) return false;
  const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  await reply
    .header('cache-control', cacheControl ?? cacheControlFor(file))
    .header('x-content-type-options', 'nosniff')
    .type(type)
    .send(data);
  return true;
}

/** JSON for an inline <script>: `<` escaped so no `</script>` or `<!--` can end it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const FALLBACK_INDEX = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Flirtlokaal</title></head><body><main><h1>Flirtlokaal</h1><p>The site is not built yet: run <code>npm run build</code>.</p></main></body></html>`;

export function renderIndex(html: string, req: FastifyRequest): string {
  const settings = req.site?.settings;
  const boot = { settings: settings ?? null, domain_language: settings?.domain_language ?? 'nl' };
  const script = `<script>window.__BOOT__=${inlineJson(boot)}</script>`;
  let out = html;
  if (settings) {
    const title = `<title>${escapeHtml(settings.index_title)}</title>`;
    out = /<title>[\s\S]*?<\/title>/i.test(out) ? out.replace(/<title>[\s\S]*?<\/title>/i, () => title) : out.replace(/<\/head>/i, () => `${title}</head>`);
  }
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${script}</head>`) : `${script}${out}`;
}

export default async function staticPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.STATIC_ROOT_ABS;
  const shellDist = path.join(root, 'shell', 'dist');
  const remotes = remotesConfig(app.config.MF_REMOTES);

  /** The shell's page; a path the route table does not know is answered 404 (the shell shows its 404 page). */
  async function sendIndex(req: FastifyRequest, reply: FastifyReply) {
    const html = (await readFileOrNull(path.join(shellDist, 'index.html')))?.toString('utf8') ?? FALLBACK_INDEX;
    return reply
      .status(resolveRoute(req.url) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(renderIndex(html, req));
  }

  app.get('/mf-remotes.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(remotes),
  );

  app.get('/static/fictional.svg', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FICTIONAL_SVG),
  );

  app.get<{ Params: { folder: string; '*': string } }>('/mf/:folder/*', { schema: { hide: true } }, async (req, reply) => {
    const folder = req.params.folder;
    if (!(REMOTE_FOLDERS as readonly string[]).includes(folder)) throw new AppError('not_found', { status: 404 });
    const file = safeJoin(path.join(root, folder, 'dist'), req.params['*']);
    if (!file || !(await sendFile(reply, file))) throw new AppError('not_found', { status: 404 });
    return reply;
  });

  app.get('/', { schema: { hide: true } }, sendIndex);

  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (req, reply) => {
    const rel = req.params['*'];
    if (rel.startsWith('api/') || rel === 'api') throw new AppError('route_not_found', { status: 404 });
    if (rel !== 'index.html') {
      const file = safeJoin(shellDist, rel);
      if (file && (await sendFile(reply, file))) return reply;
      // a missing file (has an extension) is a 404; anything else is an app route
      if (/\.[a-z0-9]{1,8}$/i.test(rel) || rel.startsWith('mf/') || rel.startsWith('uploads/')) {
        throw new AppError('not_found', { status: 404 });
      }
    }
    return sendIndex(req, reply);
  });
}
