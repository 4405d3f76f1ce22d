/**
 * Federation runtime plugins of the shell: the first two of the three failure layers.
 *  1. network: `retryPlugin` retries a failed manifest fetch and a failed remoteEntry script;
 *  2. loading: `fallbackPlugin` (errorLoadRemote) resolves a remote that could not be loaded to a
 *     "module unavailable" module, so the page keeps rendering (a chunk-load failure first
 *     reloads the page, at most once per 60 s);
 *  3. rendering: the error boundary around every remote mount (remote-boundary.tsx).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router';
import { reloadForChunkError } from './chunk-reload';
import { reportClientEvent } from './client-events';
import { ModuleUnavailable } from './module-unavailable';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** extra attempts after the first failure */
  retries?: number;
  baseDelayMs?: number;
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];
type EntryExports = Exclude<Awaited<ReturnType<LoadEntryErrorArgs['getRemoteEntry']>>, false | void | undefined>;

export function retryPlugin({ retries = 2, baseDelayMs = 300 }: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const retryEntry = async ({
    getRemoteEntry,
    origin,
    remoteInfo,
    remoteEntryExports,
  }: LoadEntryErrorArgs): Promise<EntryExports | undefined> => {
    for (let attempt = 0; attempt < retries; attempt += 1) {
      await delay(baseDelayMs * 2 ** attempt);
      try {
        const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
        if (exports) return exports;
      } catch {
        // next attempt
      }
    }
    return undefined;
  };
  return {
    name: 'dating-retry',
    // manifest (and any other runtime fetch): retry network errors and 5xx
    async fetch(url: string, init: RequestInit) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        try {
          const response = await globalThis.fetch(url, { ...init, cache: 'no-cache' });
          if (response.ok || response.status < 500 || attempt === retries) return response;
        } catch (error) {
          lastError = error;
        }
        if (attempt < retries) await delay(baseDelayMs * 2 ** attempt);
      }
      throw lastError instanceof Error ? lastError : new Error(`fetch ${url} failed`);
    },
    // remoteEntry.js script: the runtime removes the failed <script>; try again a few times.
    loadEntryError(args) {
      // the hook's declared result is a promise of (a promise of) the entry's exports
      return new Promise<Promise<EntryExports | undefined> | undefined>((resolve) => resolve(retryEntry(args)));
    },
  };
}

/** What a remote module looks like when it could not be loaded. */
export function fallbackModule(remote: string, expose: string | undefined): Record<string, unknown> {
  const Unavailable = () => <ModuleUnavailable remote={remote} />;
  if (expose === './routes' || expose === 'routes') {
    const routes: RouteObject[] = [{ path: '*', element: <Unavailable /> }];
    return { __esModule: true, __unavailable: true, routes, default: routes };
  }
  if (expose === './manifest' || expose === 'manifest') {
    const manifest = { name: remote, namespaces: [] as string[] };
    return { __esModule: true, __unavailable: true, manifest, default: manifest };
  }
  // widgets (modals, banners): render nothing rather than a big block in the middle of a page
  return { __esModule: true, __unavailable: true, default: () => null };
}

export function isFallbackModule(module: unknown): boolean {
  return typeof module === 'object' && module !== null && '__unavailable' in module;
}

export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'dating-fallback',
    async errorLoadRemote({ id, error, lifecycle, remote, expose }) {
      // Only the final "could not get this module" stage is answered with a fallback module;
      // earlier stages (manifest json, share resolution) must fail so the runtime reports it here.
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[shell] remote module ${id} is unavailable`, error);
      const remoteName = remote?.name ?? id.split('/')[0] ?? id;
      reportClientEvent(remoteName, 'load_error');
      reloadForChunkError(error);
      const exposeName = expose ?? id.slice(remoteName.length + 1);
      return fallbackModule(remoteName, exposeName);
    },
  };
}
