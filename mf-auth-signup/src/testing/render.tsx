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
        <Route path="*" element={<>{ui}<Where /></>} />
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
