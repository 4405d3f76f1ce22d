/**
 * Which lander URLs exist, from mf-landers' BUILT registry (`<STATIC_ROOT>/mf-landers/dist/
 * landers-registry.json`, written by its build from src/landers/registry.json). Read at request
 * time (kept while the file's mtime and size are unchanged), so a variant shipped by rebuilding
 * mf-landers alone is answered 200 at once, and an unknown variant or slug 404, without a restart.
 * No readable registry (not built, or mf-landers served from elsewhere): null, and the page is
 * answered 200 (mf-landers still shows the 404 page for what it does not know).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ZLanderRegistry, landerPathKnown } from '@dating/shared-kit/contracts';
import type { LanderRegistry } from '@dating/shared-kit/contracts';
import { builtFileReader } from './built-file';

export function landerRegistryReader(staticRoot: string): {
  read(): Promise<LanderRegistry | null>;
  status(pathname: string): Promise<200 | 404 | null>;
} {
  const read = builtFileReader(path.join(staticRoot, 'mf-landers', 'dist', 'landers-registry.json'), async (file) => {
    try {
      const parsed = ZLanderRegistry.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  });
  return {
    read,
    /** 200 or 404 for a lander URL, null when `pathname` is no lander URL or no registry is readable */
    async status(pathname: string) {
      const registry = await read();
      if (!registry) return null;
      const known = landerPathKnown(registry, pathname);
      return known === null ? null : known ? 200 : 404;
    },
  };
}
