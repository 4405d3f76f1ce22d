/**
 * Local file storage for uploads: files live in `<DATA_DIR>/uploads/` and are served at
 * `/uploads/<file>` (platform/static.ts) with immutable caching, because every name is random
 * and a file never changes once written. Another adapter (S3, ...) would keep this interface.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  /** absolute folder of the files (local adapter) */
  readonly dir: string;
  /** store bytes under a new random name with this extension; returns the file name */
  put(data: Buffer, ext: string): Promise<string>;
  /** bytes of a stored file, or null */
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
  /** public URL path of a file */
  url(name: string): string;
  /** absolute path of a stored name, or null if the name is not a plain file name */
  resolve(name: string): string | null;
}

const SAFE_NAME = /^[a-zA-Z0-9_-]+\.[a-z0-9]{1,5}$/;

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
      const file = resolve(name);
      if (file) await fs.rm(file, { force: true });
    },
    url: (name) => `/uploads/${name}`,
    resolve,
  };
}
