import { useEffect } from 'react';
import { useSession } from '@dating/shared-kit/state';
import { useAsync } from '@dating/shared-kit/ui';
import type { AsyncState } from '@dating/shared-kit/ui';
import { paymentsApi } from '../api';
import { useDiscountCode } from '../discount';
import type { CreditsResponse } from '@dating/shared-kit/contracts';

/**
 * GET /api/credits.php for this member (or visitor), priced with the discount code they entered
 * (else the server's active discount). A code the server refuses here (used meanwhile, another
 * country) is dropped, so the packages load again at the price without it.
 */
export function useCredits(): AsyncState<CreditsResponse> {
  const [code, setCode] = useDiscountCode();
  const user = useSession();
  const state = useAsync(() => paymentsApi.credits(code ? { discount_code: code } : {}), [code, user?.id, user?.paid_user]);
  const { error } = state;
  useEffect(() => {
    if (code && error) setCode(null);
  }, [code, error, setCode]);
  return state;
}
