/**
 * Test helpers: a routed render (MemoryRouter) and shared-kit's in-process HTTP answerer
 * (`serve`, installed as `fetch`, so the real api client runs unchanged).
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import type { User } from '@dating/shared-kit/contracts';

export { serve } from '@dating/shared-kit/testing';
export type { Call, Handler } from '@dating/shared-kit/testing';

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
