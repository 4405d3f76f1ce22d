/**
 * Phone numbers of direct debit, through libphonenumber-js (Google's libphonenumber metadata): a
 * number is read in the member's country and compared as E.164, so '+31 (0)6 12345678',
 * '+310612345678', '0031 6 12345678' and '06-12345678' are all '+31612345678', for the blocked
 * list as for the SMS.
 */
import type * as PhoneLib from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';

// libphonenumber-js and its metadata are loaded on first use, not at start (docs/performance.md
// "Memory"); a synchronous require because the callers are synchronous.
let phoneLib: typeof PhoneLib | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const phoneNumbers = (): typeof PhoneLib => (phoneLib ??= require('libphonenumber-js/max') as typeof PhoneLib);

export interface Phone {
  /** E.164, e.g. '+31612345678' */
  e164: string;
  /** a number that exists in its country's numbering plan (not just the right length) */
  valid: boolean;
}

/** A phone number in E.164, read in `country` when it has no + prefix (without `country` it must have one); null when it cannot be one. */
export function readPhone(raw: string, country?: string): Phone | null {
  const parsed = phoneNumbers().parsePhoneNumberFromString(raw, { defaultCountry: country as CountryCode | undefined, extract: false });
  if (!parsed?.isPossible()) return null;
  return { e164: parsed.number, valid: parsed.isValid() };
}

/** '+31 6** *** *78': enough for the member to recognise, not enough to read off a screen. */
export function maskPhone(e164: string): string {
  return `${e164.slice(0, 3)} ${e164.slice(3, 4)}${'*'.repeat(Math.max(0, e164.length - 6))}${e164.slice(-2)}`;
}
