/** Render helper for shell component tests: the real store, theme and i18n, a memory router. */
import { ThemeProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { store } from '@dating/shared-kit/state';
import { theme } from '@dating/shared-kit/theme';
import '../i18n';

export function renderInShell(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <JotaiProvider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ThemeProvider>
    </JotaiProvider>,
  );
}
