/**
 * The discount code the member entered ("other session state"): kept for the browser tab
 * (sessionStorage), so it goes with the member from /credits to the payment method page and is
 * sent with the payment. The server checks it again and computes the price.
 */
import { useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { store } from '@dating/shared-kit/state';

const discountCodeAtom = atomWithStorage<string | null>(
  'payments.discount_code',
  null,
  createJSONStorage<string | null>(() => sessionStorage),
  { getOnInit: true },
);

export function useDiscountCode(): [string | null, (code: string | null) => void] {
  const [code, setCode] = useAtom(discountCodeAtom, { store });
  return [code, setCode];
}
