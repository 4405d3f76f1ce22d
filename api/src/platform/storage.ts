/**
 * Local file storage for uploads: files live in `<DATA_DIR>/uploads/` under random names (put), a
 * photo's WebP variants beside their source under a name made of it (`<name>.w320.webp`, putAs;
 * contracts/photo-variants.ts), made on their first request with images.ts photoVariant.
 * They are served at `/uploads/<file>` by platform/uploads.ts, which checks who may see each file
 * (the module that claims it says so) and sets the cache policy by that access, not immutable
 * caching: who may see a photo changes with its moderation (`public, max-age=86400` when public,
 * `private, max-age=3600` otherwise, a 404 with `no-store` to anyone else).
 * Another adapter (S3, ...) would keep this interface.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { photoVariantNames } from '@dating/shared-kit/contracts';

export interface Storage {
  /** absolute folder of the files (local adapter) */
  readonly dir: string;
  /** store bytes under a new random name with this extension; returns the file name */
  put(data: Buffer, ext: string): Promise<string>;
  /** store bytes under a given (safe) name, replacing it whole (written aside, then renamed) */
  putAs(name: string, data: Buffer): Promise<void>;
  /** bytes of a stored file, or null */
  get(name: string): Promise<Buffer | null>;
  /** remove a stored file and the photo variants made of it (contracts/photo-variants.ts) */
  remove(name: string): Promise<void>;
  /** public URL path of a file */
  url(name: string): string;
  /** absolute path of a stored name, or null if the name is not a plain file name */
  resolve(name: string): string | null;
}

/** a random name, or a photo variant's `<name>.w320.webp` */
const SAFE_NAME = /^[a-zA-Z0-9_-]+(?:\.w\d{2,4})?\.[a-z0-9]{1,5}$/;

export function createStorage(dataDir: string): Storage {
  const dir = path.join(dataDir, 'uploads');
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= fs.mkdir(dir, { recursive: true }));
  const resolve = (name: string) => (SAFE_NAME.test(name) ? path.join(dir, name) : null);
  return {
    dir,
    async put(data, ext) {
      await ensureDir();
      const clean = ext.replace(/^\./, '').toLowerCase();
      const name = `${crypto.randomBytes(16).toString('base64url')}.${clean}`;
      await fs.writeFile(path.join(dir, name), data, { flag: 'wx' });
      return name;
    },
    async putAs(name, data) {
      const file = resolve(name);
      if (!file) throw new Error(`not a storable name: ${name}`);
      await ensureDir();
      const aside = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(aside, data);
      await fs.rename(aside, file);
    },
    async get(name) {
      const file = resolve(name);
      if (!file) return null;
      try {
        return await fs.readFile(file);
      } catch {
        return null;
      }
    },
    async remove(name) {
      for (const each of [name, ...photoVariantNames(name)]) {
        const file = resolve(each);
        if (file) await fs.rm(file, { force: true });
      }
    },
    url: (name) => `/uploads/${name}`,
    resolve,
  };
}
