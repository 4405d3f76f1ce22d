import { formatCountdown, splitCountdown } from './countdown';
import { isCardMethod } from './methods';
import { formatPricePerCredit } from './money';

// Intl separates with (narrow) no-break spaces; compare with plain ones
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('shows the price of one credit with up to three decimals', () => {
    expect(plain(formatPricePerCredit(1999, 100, 'EUR', 'nl'))).toBe('€ 0,20');
    expect(plain(formatPricePerCredit(2500, 200, 'EUR', 'nl'))).toBe('€ 0,125');
  });
});

describe('countdown', () => {
  it('pads every part to two digits and never goes below zero', () => {
    expect(formatCountdown(splitCountdown(14_400))).toBe('04:00:00');
    expect(formatCountdown(splitCountdown(3 * 3600 + 59 * 60 + 7))).toBe('03:59:07');
    expect(formatCountdown(splitCountdown(5.9))).toBe('00:00:05');
    expect(formatCountdown(splitCountdown(-3))).toBe('00:00:00');
  });
});

it('knows which methods are cards', () => {
  expect(isCardMethod('visa')).toBe(true);
  expect(isCardMethod('creditcard')).toBe(true);
  expect(isCardMethod('ideal')).toBe(false);
  expect(isCardMethod('paypal')).toBe(false);
});
