/**
 * Serving stored uploads (`/uploads/<file>`, platform/storage.ts) to whom may see them. A file is
 * served only when a module claims it (`app.uploads.claim(resolver)`): the resolver says whose it
 * is and whether anyone may see it. Nobody's claim: 404 (a photo deleted, a file left over).
 *
 *   public   -> everyone; Cache-Control `public, max-age=86400` (a CDN may keep it one day)
 *   private  -> its owner, staff, and whom `allow(viewer)` admits; `private, max-age=3600`
 *   others   -> 404, `no-store` (the same answer as for a file that does not exist)
 *
 * Photos (members/photo-files.ts): an approved photo a free member may see is public; a pending
 * or rejected photo is its owner's and staff's only, a locked one also premium members'. Chat
 * images (chat/image-files.ts): the two members of the conversation.
 * The route uses the database (admission and the session as for /api/, config `database`).
 */
import path from 'node:path';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { UserRow } from './session';

export interface UploadAccess {
  /** the member whose file it is */
  ownerId: number;
  /** anyone may see it (also logged out) */
  public: boolean;
  /** besides the owner and staff: who else may see a file that is not public */
  allow?: (viewer: UserRow) => boolean;
}
/** Whose is `file`, or null when it is not this module's. */
export type UploadResolver = (db: Db, file: string) => Promise<UploadAccess | null>;

export const PUBLIC_UPLOAD_CACHE = 'public, max-age=86400';
export const PRIVATE_UPLOAD_CACHE = 'private, max-age=3600';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: { claim(resolver: UploadResolver): void };
  }
  interface FastifyContextConfig {
    /** a route outside /api/ that uses the database: admission and session as for /api/ (app.ts) */
    database?: boolean;
  }
}

/** May this viewer (null: logged out) see a file with this access? */
export function maySee(access: UploadAccess, viewer: UserRow | null): boolean {
  if (access.public) return true;
  if (!viewer) return false;
  return viewer.id === access.ownerId || viewer.isStaff || (access.allow?.(viewer) ?? false);
}

async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  const resolvers: UploadResolver[] = [];
  app.decorate('uploads', { claim: (resolver: UploadResolver) => void resolvers.push(resolver) });

  app.get<{ Params: { file: string } }>('/uploads/:file', { schema: { hide: true }, config: { database: true } }, async (req, reply) => {
    const name = req.params.file;
    const file = app.storage.resolve(name);
    let access: UploadAccess | null = null;
    if (file) {
      for (const resolve of resolvers) {
        access = await resolve(app.db, name);
        if (access) break;
      }
    }
    const data = file && access && maySee(access, req.user) ? await fs.readFile(file).catch(() => null) : null;
    if (!data || !access) {
      reply.header('cache-control', 'no-store');
      throw new AppError('not_found', { status: 404 });
    }
    return reply
      .header('cache-control', access.public ? PUBLIC_UPLOAD_CACHE : PRIVATE_UPLOAD_CACHE)
      .header('x-content-type-options', 'nosniff')
      .type(path.extname(name).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg')
      .send(data);
  });
}

export default fp(uploadsPlugin, { name: 'uploads' });
