/**
 * Issue 29 item 5: on a phone the bank list and the pay button appeared below nine method tiles,
 * off screen. Choosing a method brings the next step into view; a tap moves focus on to the bank
 * list, the arrow keys keep it in the tiles (where they move the choice).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '@dating/shared-kit/testing';
import { loginAs, makeCredits, renderAt, resetBrowserState, useSiteSettings } from '../test-utils';

let scrolled: HTMLElement[];
const original = Element.prototype.scrollIntoView;

beforeEach(() => {
  resetBrowserState();
  useSiteSettings();
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
});
afterEach(() => {
  Element.prototype.scrollIntoView = original;
});

describe('/credits/:id: the step after the method', () => {
  it('a tap on iDEAL scrolls the bank list and pay button into view and focuses the bank list', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/credits/p1');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: 'iDEAL' }));
    const bank = await screen.findByRole('combobox', { name: 'Kies je bank' });
    const pay = screen.getByRole('button', { name: 'Betalen met iDEAL' });
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]).toContainElement(bank);
    expect(scrolled[0]).toContainElement(pay);
    expect(bank).toHaveFocus();
  });

  it('with the arrow keys the focus stays in the method tiles, the next step still comes into view', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/credits/p1/ideal');
    const user = userEvent.setup({ delay: null });
    const ideal = await screen.findByRole('radio', { name: 'iDEAL' });
    ideal.focus();
    await user.keyboard('{ArrowDown}');
    const card = screen.getByRole('radio', { name: 'Creditcard' });
    expect(card).toBeChecked();
    expect(card).toHaveFocus();
    await waitFor(() => expect(scrolled.at(-1)).toContainElement(screen.getByRole('button', { name: 'Betalen met Creditcard' })));
  });
});
