import { act, render, screen } from '@testing-library/react';
import { i18n } from '@dating/shared-kit/i18n';
import ResellTile from './resell-tile';
import config from './resell.json';

it('is marked as an advertisement and leads to the partner offer (sponsored, a new tab), in the page language', async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
  const view = render(<ResellTile />);
  const link = screen.getByRole('link', { name: /^Advertentie Live cams/ });
  expect(link).toHaveAttribute('href', config.partnerUrl);
  expect(link).toHaveAttribute('rel', expect.stringContaining('sponsored'));
  expect(link).toHaveAttribute('target', '_blank');
  view.unmount();
  await act(async () => {
    await i18n.changeLanguage('de');
  });
  render(<ResellTile />);
  expect(screen.getByRole('link', { name: /^Anzeige Live-Cams/ })).toBeInTheDocument();
});
