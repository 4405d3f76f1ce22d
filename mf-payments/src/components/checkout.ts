import { paymentsApi } from '../api';
import type { PaymentRequest } from '@dating/shared-kit/contracts';

/** Where the browser goes for the PSP's hosted checkout (a seam for tests: jsdom cannot navigate). */
export const navigation = {
  assign: (url: string) => window.location.assign(url),
};

/** Create the payment on the server (it prices it) and go to the hosted checkout. */
export async function startCheckout(request: PaymentRequest): Promise<void> {
  const { checkout_url } = await paymentsApi.createPayment(request);
  navigation.assign(checkout_url);
}
