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
 * A photo's WebP variant (`<name>.w320.webp`, contracts/photo-variants.ts) is its source's: the
 * same resolver, the same rule and cache policy; it is made by sharp on its first request (one
 * making per name at a time) and stored beside its source, which removes it along with itself.
 * The route uses the database (admission and the session as for /api/, config `database`).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parsePhotoVariant } from '@dating/shared-kit/contracts';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { photoVariant } from './images';
import type { Storage } from './storage';
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

const TYPES: Record<string, string> = { '.png': 'image/png', '.webp': 'image/webp' };

/** The bytes of a stored file, or of a variant made (once) from its stored source; null: none. */
function fileReader(storage: Storage): (name: string) => Promise<Buffer | null> {
  const making = new Map<string, Promise<Buffer | null>>();
  return async (name) => {
    const stored = await storage.get(name);
    const variant = parsePhotoVariant(name);
    if (stored || !variant) return stored;
    let made = making.get(name);
    if (!made) {
      made = (async () => {
        const source = await storage.get(variant.source);
        if (!source) return null;
        const data = await photoVariant(source, variant.width);
        await storage.putAs(name, data);
        return data;
      })().finally(() => making.delete(name));
      making.set(name, made);
    }
    return made;
  };
}

async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  const read = fileReader(app.storage);
  const resolvers: UploadResolver[] = [];
  app.decorate('uploads', { claim: (resolver: UploadResolver) => void resolvers.push(resolver) });

  app.get<{ Params: { file: string } }>('/uploads/:file', { schema: { hide: true }, config: { database: true } }, async (req, reply) => {
    const name = req.params.file;
    // a variant is seen by whom may see its source
    const owned = parsePhotoVariant(name)?.source ?? name;
    let access: UploadAccess | null = null;
    if (app.storage.resolve(name)) {
      for (const resolve of resolvers) {
        access = await resolve(app.db, owned);
        if (access) break;
      }
    }
    const data = access && maySee(access, req.user) ? await read(name) : null;
    if (!data || !access) {
      reply.header('cache-control', 'no-store');
      throw new AppError('not_found', { status: 404 });
    }
    return reply
      .header('cache-control', access.public ? PUBLIC_UPLOAD_CACHE : PRIVATE_UPLOAD_CACHE)
      .header('x-content-type-options', 'nosniff')
      .type(TYPES[path.extname(name).toLowerCase()] ?? 'image/jpeg')
      .send(data);
  });
}

export default fp(uploadsPlugin, { name: 'uploads' });
