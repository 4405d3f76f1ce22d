/**
 * Remotes load when first needed; to make that fast the shell warms them up:
 * - on idle once the first page has shown: the remotes behind the main navigation for this visitor
 *   (on a lander only the sign-up: the front door loads no member-area code);
 * - on hover/focus of a link: the remote that owns the link's target.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { store, useSession } from '@dating/shared-kit/state';
import { pendingCountAtom } from './loading-state';
import { prefetchRemote } from './federation/remote-loader';
import { resolveRoute } from './route-table';
import type { RemoteName } from './route-table';

let pageShown: Promise<void> | null = null;

/**
 * Resolves once the first page has shown: no page area is waiting for its remote any more
 * (loading-state.ts) and none shows a loading spinner. Checked after the current commit's
 * effects (a page that suspends marks itself pending in an effect), with a ceiling for a page
 * that never settles.
 */
export function firstPageShown(ceilingMs = 10_000): Promise<void> {
  pageShown ??= new Promise<void>((resolve) => {
    let unsubscribe = () => {};
    let stopWatching = () => {};
    const done = () => {
      unsubscribe();
      stopWatching();
      window.clearTimeout(ceiling);
      resolve();
    };
    const ceiling = window.setTimeout(done, ceilingMs);
    window.setTimeout(() => {
      if (store.get(pendingCountAtom) === 0) {
        stopWatching = whenContentShown(done);
        return;
      }
      unsubscribe = store.sub(pendingCountAtom, () => {
        if (store.get(pendingCountAtom) !== 0) return;
        unsubscribe();
        stopWatching = whenContentShown(done);
      });
    }, 0);
  });
  return pageShown;
}

/**
 * Calls `then` once the page area shows no loading spinner (shared-kit's Spinner marks itself
 * `data-loading`): a page that is there but still waits for its data (a conversation before its
 * messages) has not shown yet, and the idle work must not compete with that call. Returns a
 * function that stops watching.
 */
function whenContentShown(then: () => void): () => void {
  const busy = () => document.querySelector('main [data-loading]') !== null;
  if (!busy()) {
    then();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (busy()) return;
    observer.disconnect();
    then();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Runs `callback` once the first page has shown and the browser is idle (at most 4 s after
 * that): what loads here never competes with the page itself. Returns a cancel function.
 */
export function onIdle(callback: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  void firstPageShown().then(() => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: 4000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 1500);
      cancelIdle = () => window.clearTimeout(handle);
    }
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
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
  const { pathname } = useLocation();
  // a visitor on a lander (the front door) is asked to sign up: only that is warmed up, no member area
  const onLander = !loggedIn && ['lander', 'empty'].includes(resolveRoute(pathname)?.layout ?? '');
  useEffect(() => {
    const remotes: RemoteName[] = loggedIn
      ? ['mf_members', 'mf_chat', 'mf_payments']
      : onLander
        ? ['mf_auth_signup']
        : ['mf_auth_signup', 'mf_members'];
    return onIdle(() => remotes.forEach((remote) => prefetchRemote(remote, 'idle')));
  }, [loggedIn, onLander]);
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
