/** Test helpers: render inside a router (with the current path shown), Dutch UI, fresh storage. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession } from '@dating/shared-kit/state';
import '../i18n';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="current path">{`${pathname}${search}`}</output>;
}

export async function renderAt(ui: ReactElement, { path = '/', lang = 'nl' }: { path?: string; lang?: string } = {}) {
  await i18n.changeLanguage(lang);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

export function resetBrowserState(): void {
  sessionStorage.clear();
  localStorage.clear();
  setSession(null);
}

/** Pretend the viewport is a phone (< 768 px) or desktop: the app reads matchMedia. */
export function setViewport(kind: 'phone' | 'desktop'): void {
  const matches = (query: string) => (query.includes('min-width: 768px') ? kind === 'desktop' : false);
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export const uniqueEmail = (prefix = 'ui') => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Make an account through the real API (as a visitor would); returns the e-mail address. */
export async function createAccount(password = 'geheim-wachtwoord-1', email = uniqueEmail()): Promise<string> {
  const res = await fetch(`${location.origin}/api/signup.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'Testlid', password, date_of_birth: '1990-01-01', gender: 'female', country: 'NL' }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return email;
}

/**
 * jsdom has no fetch of its own and Node's keeps no cookies; a browser does. This gives the page's
 * fetch a cookie jar (Set-Cookie in, Cookie out) so the real server's session works in tests.
 */
const jar = new Map<string, string>();
let installed = false;
export function installCookieJar(): void {
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await realFetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (!value || expired) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

export function clearCookies(): void {
  jar.clear();
}

/** The outbox of the real server (/dev/mailbox), newest first. */
export async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${location.origin}/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { mails: { subject: string; text: string }[] }).mails;
}

export function linkFrom(text: string): string {
  const m = /https?:\/\/\S+/.exec(text);
  if (!m) throw new Error('no link');
  return m[0];
}
