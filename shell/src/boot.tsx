/**
 * Start-up: settings (inlined by the server as window.__BOOT__, else GET /api/settings.php),
 * language, session (window.__SESSION__, else GET /api/user.php), the remotes list
 * (window.__REMOTES__, else /mf-remotes.json) -> federation, the current page's remote starts
 * loading, then render. What the server inlined is checked by the same contracts as the fetched
 * answers (api/src/platform/static.ts PageStart). Nothing here waits on a remote: with every
 * remote down the shell still renders.
 */
import { api } from '@dating/shared-kit/api';
import { ZMaybeUserResponse, ZSettingsResponse } from '@dating/shared-kit/contracts';
import type { SettingsResponse } from '@dating/shared-kit/contracts';
import { initLanguage, translationsSettled } from '@dating/shared-kit/i18n';
import { connectStateToBus, refreshSession, sessionAtom, setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { loadRemotesConfig } from './federation/remotes-config';
import { resolveRoute } from './route-table';
import './i18n';

declare global {
  interface Window {
    /** site settings inlined into index.html by the server */
    __BOOT__?: unknown;
    /** GET /api/user.php's answer for this page's cookie, inlined by the server (absent: ask) */
    __SESSION__?: unknown;
    /** this browser's /mf-remotes.json, inlined by the server (absent: ask) */
    __REMOTES__?: unknown;
    /** set by mf-landers' light lander page when its call to action starts the shell (layouts.tsx) */
    __OPEN_SIGNUP__?: boolean;
  }
}

export async function loadSettings(): Promise<SettingsResponse | null> {
  const inline = ZSettingsResponse.safeParse(window.__BOOT__);
  if (inline.success) return inline.data;
  if (window.__BOOT__ !== undefined) console.error('[shell] inlined settings have the wrong shape', inline.error.issues);
  try {
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(window.location.search));
    return await api.get('/api/settings.php', ZSettingsResponse, { query: { ...query, forced_domain: window.location.hostname } });
  } catch (error) {
    console.error('[shell] settings could not be loaded', error);
    return null;
  }
}

/** The session: the one the server inlined, else GET /api/user.php. */
export async function loadSession(): Promise<void> {
  const inline = ZMaybeUserResponse.safeParse(window.__SESSION__);
  if (inline.success) {
    setSession(inline.data.user);
    return;
  }
  if (window.__SESSION__ !== undefined) console.error('[shell] the inlined session has the wrong shape', inline.error.issues);
  try {
    await refreshSession();
  } catch (error) {
    console.warn('[shell] session could not be loaded; continuing logged out', error);
    setSession(null);
  }
}

/** The push service worker (/sw-push.js, spec section 7); registered once the page is idle. */
function registerPushWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker.register('/sw-push.js').catch((error: unknown) => {
      console.warn('[shell] the push service worker could not be registered', error);
    });
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 5000 });
  else window.setTimeout(register, 2000);
}

/** Resolves in a task of its own: the browser may paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function boot(container: HTMLElement): Promise<void> {
  connectStateToBus();
  const settingsPromise = loadSettings();
  const remotesPromise = loadRemotesConfig(window.__REMOTES__);
  const sessionPromise = loadSession();

  const settings = await settingsPromise;
  if (settings) store.set(settingsAtom, settings.settings);
  initLanguage(settings?.domain_language ?? settings?.settings.domain_language ?? null);

  // main.js holds everything the start needs (no request), but evaluating all of it at once was
  // one long task of 400-500 ms on Lighthouse's phone: the federation's side (router, shared UI)
  // and the app (React DOM, the shell's UI) are evaluated in tasks of their own ("eager": no chunk)
  await nextTask();
  const { initFederation, prefetchRemote } = await import(/* webpackMode: "eager" */ './federation/remote-loader');
  initFederation(await remotesPromise);
  await sessionPromise;
  // a member's page: its remote (entry, routes, texts) loads beside the shell's texts and the first
  // render instead of after them (a visitor on a member page is sent elsewhere: nothing to start)
  const route = resolveRoute(window.location.pathname);
  if (route && store.get(sessionAtom)) prefetchRemote(route.remote, 'intent');
  await nextTask();
  const { renderApp } = await import(/* webpackMode: "eager" */ './render-app');
  // the texts of the language in use load beside the session (a chunk per language)
  await translationsSettled();
  renderApp(container);
  registerPushWorker();
}
