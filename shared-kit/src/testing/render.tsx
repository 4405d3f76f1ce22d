/**
 * A component test's page: the given routes at `path` (MemoryRouter, Dutch texts), plus a
 * stand-in for every other page that shows where a link or navigation went ("elders: /credits").
 */
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n } from '../i18n';

function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>elders: {pathname + search}</p>;
}

export function renderAt(path: string, routes: readonly { path?: string; element?: ReactNode }[], extra?: ReactElement) {
  void i18n.changeLanguage('nl');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      {extra}
    </MemoryRouter>,
  );
}
