/**
 * Where the shell finds each remote (docs/architecture.md): each remote's own
 * build under /mf/<folder>/, with the entries of the MF_REMOTES environment variable (JSON) put
 * over it by name. Served as /mf-remotes.json (static.ts); the script sources of the
 * Content-Security-Policy come from it too (security-headers.ts).
 */
import { z } from 'zod';

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
