/**
 * Start-up: settings (inlined by the server as window.__BOOT__, else GET /api/settings.php),
 * language, session, the remotes list (/mf-remotes.json) -> federation, then render.
 * Nothing here waits on a remote: with every remote down the shell still renders.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from '@dating/shared-kit/api';
import { ZSettingsResponse } from '@dating/shared-kit/contracts';
import type { SettingsResponse } from '@dating/shared-kit/contracts';
import { initLanguage, translationsSettled } from '@dating/shared-kit/i18n';
import { connectStateToBus, refreshSession, setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { App } from './app';
import { initFederation } from './federation/remote-loader';
import { fetchRemotesConfig } from './federation/remotes-config';
import './i18n';

declare global {
  interface Window {
    /** site settings inlined into index.html by the server */
    __BOOT__?: unknown;
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

async function loadSession(): Promise<void> {
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

export async function boot(container: HTMLElement): Promise<void> {
  connectStateToBus();
  const settingsPromise = loadSettings();
  const remotesPromise = fetchRemotesConfig();
  const sessionPromise = loadSession();

  const settings = await settingsPromise;
  if (settings) store.set(settingsAtom, settings.settings);
  initLanguage(settings?.domain_language ?? settings?.settings.domain_language ?? null);

  initFederation(await remotesPromise);
  await sessionPromise;
  // the texts of the language in use load beside the session (a chunk per language)
  await translationsSettled();

  // rendered in a transition: React yields to the browser every few milliseconds instead of
  // building the whole first page in one long task (the phone's first tap waits on no such task)
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  registerPushWorker();
}
