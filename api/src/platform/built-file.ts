/**
 * A value made from one of the frontends' BUILT files (mf-landers' registry, its light page's
 * render.cjs), made again when the file changes (mtime or size): a remote rebuilt alone is used at
 * once, without a restart, and an unchanged file is not read again. No file: null.
 */
import fs from 'node:fs/promises';

export function builtFileReader<T>(file: string, load: (file: string) => Promise<T | null>): () => Promise<T | null> {
  let cached: { key: string; value: T | null } | null = null;
  return async () => {
    let key: string;
    try {
      const stat = await fs.stat(file);
      key = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return null;
    }
    if (cached?.key === key) return cached.value;
    const value = await load(file);
    cached = { key, value };
    return value;
  };
}
