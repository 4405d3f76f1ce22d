import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { i18n } from '@dating/shared-kit/i18n';
import { routes } from './routes';
import TimeBonusModal from './widgets/time-bonus-modal';
import WelcomeBonusBanner from './widgets/welcome-bonus-banner';

function App() {
  return useRoutes(routes);
}

it.each([
  ['/credits', 'Credits kopen'],
  ['/credits/repeat-order', 'Herhaalbestelling'],
  ['/credits/2/ideal', 'Kies je betaalmethode'],
  ['/directdebit', 'Automatische incasso'],
  ['/premium', 'Word premium lid'],
  ['/pricing', 'Prijzen'],
  ['/transactions', 'Transacties'],
  ['/transactions/9', 'Transacties'],
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

it('exposes widgets that render nothing until the payments capability', () => {
  const { container } = render(
    <>
      <TimeBonusModal />
      <WelcomeBonusBanner />
    </>,
  );
  expect(container).toBeEmptyDOMElement();
});
