/**
 * Remotes load when first needed; to make that fast the shell warms them up:
 * - on idle after start: the remotes behind the main navigation for this visitor;
 * - on hover/focus of a link: the remote that owns the link's target.
 */
import { useEffect } from 'react';
import { useSession } from '@dating/shared-kit/state';
import { prefetchRemote } from './federation/remote-loader';
import { resolveRoute } from './route-table';
import type { RemoteName } from './route-table';

function onIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1500);
  return () => window.clearTimeout(handle);
}

export function remoteForHref(href: string, origin = window.location.origin): RemoteName | null {
  try {
    const url = new URL(href, origin);
    if (url.origin !== origin) return null;
    return resolveRoute(url.pathname)?.remote ?? null;
  } catch {
    return null;
  }
}

export function usePrefetch(): void {
  const user = useSession();
  const loggedIn = user !== null;
  useEffect(() => {
    const remotes: RemoteName[] = loggedIn ? ['mf_members', 'mf_chat', 'mf_payments'] : ['mf_auth_signup', 'mf_members'];
    return onIdle(() => remotes.forEach((remote) => prefetchRemote(remote, 'idle')));
  }, [loggedIn]);
  useEffect(() => {
    const warm = (event: Event) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = anchor?.getAttribute('href');
      if (!href) return;
      const remote = remoteForHref(href);
      if (remote) prefetchRemote(remote, 'intent');
    };
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    return () => {
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
    };
  }, []);
}
