/**
 * Test helpers: a routed render (MemoryRouter) and a tiny in-process HTTP answerer installed as
 * `fetch`, so the real shared-kit api client (retries, zod-checked answers) runs unchanged.
 * Answers must satisfy the contracts, or the client rejects them (as in production).
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import type { User } from '@dating/shared-kit/contracts';

export type Handler = (url: URL, init: RequestInit & { json?: unknown }) => unknown;
export interface Call { method: string; url: URL; body: unknown }

/** Answer `METHOD /path` with the handler's value (an `{ status, body }` object for errors). */
export function serve(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost/');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ error: 'route_not_found', message: 'Niet gevonden' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const answer = handler(url, { ...init, json: body });
    const { status, body: payload } = (answer && typeof answer === 'object' && 'status' in answer && 'body' in answer ? answer : { status: 200, body: answer }) as { status: number; body: unknown };
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

export function loginAs(overrides: Partial<User> = {}): User {
  const user = makeUser(overrides);
  setSession(user);
  store.set(settingsAtom, makeSettings({ fictional_icon: '/static/fictional.svg', fictional_warning: 'Dit profiel is fictief' }));
  return user;
}

export function renderAt(path: string, routes: { path: string; element: ReactElement }[], extra?: ReactElement) {
  void i18n.changeLanguage('nl');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="*" element={<p>elders</p>} />
      </Routes>
      {extra}
    </MemoryRouter>,
  );
}
