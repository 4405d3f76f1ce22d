/**
 * `/mf-remotes.json`: where each remote lives right now. Read ONCE per page load (boot.tsx: the
 * server inlines it into the page, else it is fetched; served no-cache), never baked into the
 * shell's build, so a remote is deployed by publishing its build and pointing its entry here. An
 * open page keeps the list it started with: never two versions of one remote in one page; a new
 * release (or a rollback) reaches it on its next load.
 */
import { z } from 'zod/mini';

export const ZRemoteEntry = z.object({
  name: z.string().check(z.regex(/^mf_[a-z_]+$/)),
  /** URL of the remote's mf-manifest.json (or remoteEntry.js) */
  entry: z.string().check(z.minLength(1)),
  /** the release this page gets (issue 27); the shell reports each remote's health under it */
  build_id: z.nullish(z.string().check(z.minLength(1), z.maxLength(100))),
});
export const ZRemotesConfig = z.object({ remotes: z.array(ZRemoteEntry) });
export type RemoteEntry = z.infer<typeof ZRemoteEntry>;
export type RemotesConfig = z.infer<typeof ZRemotesConfig>;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The list the server inlined into the page (window.__REMOTES__: what /mf-remotes.json answers
 * this browser), checked like the fetched one; without it (or in a wrong shape) the list is fetched.
 */
export function loadRemotesConfig(
  inline: unknown,
  fetchList: () => Promise<RemotesConfig> = () => fetchRemotesConfig(),
): Promise<RemotesConfig> {
  const parsed = ZRemotesConfig.safeParse(inline);
  if (parsed.success) return Promise.resolve(parsed.data);
  if (inline !== undefined) console.error('[shell] the inlined remotes list has the wrong shape', parsed.error.issues);
  return fetchList();
}

/**
 * Fetch and check the remotes list. Never throws: if the list cannot be read the shell still
 * starts with no remotes and every remote area shows the "unavailable" message.
 */
export async function fetchRemotesConfig(
  url = '/mf-remotes.json',
  { attempts = 3, baseDelayMs = 200, fetchImpl = globalThis.fetch.bind(globalThis) } = {},
): Promise<RemotesConfig> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const response = await fetchImpl(url, { cache: 'no-cache', credentials: 'same-origin' });
      if (response.ok) {
        const parsed = ZRemotesConfig.safeParse(await response.json());
        if (parsed.success) return parsed.data;
        console.error('[shell] /mf-remotes.json has the wrong shape', parsed.error.issues);
        return { remotes: [] };
      }
      if (response.status < 500) break;
    } catch (error) {
      console.warn('[shell] reading the remotes list failed', error);
    }
    if (attempt + 1 < attempts) await delay(baseDelayMs * 2 ** attempt);
  }
  return { remotes: [] };
}
