/** Payments: credits, packages and prices, PSP payments, direct debit, discounts. The module's public face. */
export { default } from './routes';
export { priceOf } from './pricing';
export { timeBonusOf, type TimeBonusSubject } from './time-bonus';
// for tests that create a PSP client of their own
export { createPsp } from './psp';
