import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { i18n } from '@dating/shared-kit/i18n';
import { routes } from './routes';

function App() {
  return useRoutes(routes);
}

it.each([
  ['/chats', 'Berichten'],
  ['/chats/5', 'Gesprek'],
  ['/members/8/chat', 'Gesprek'],
])('%s shows the screen title as its heading and in the browser tab', async (path, title) => {
  document.title = 'Flirtlokaal';
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(title);
});
