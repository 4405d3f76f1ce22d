import { CARD_METHODS } from '@dating/shared-kit/contracts';

/** Card methods: a failed one shows 'Creditcard betaling mislukt' with retry and PayPal. */
export function isCardMethod(method: string): boolean {
  return (CARD_METHODS as readonly string[]).includes(method);
}
