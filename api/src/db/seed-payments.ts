/**
 * The demo's money: who is a paying member and the starting credits. Demo balances go through the
 * ledger like every other change of credits, so every balance is explained by its ledger rows.
 */
import { changeCredits } from '../platform/credits';
import type { DbOrTx } from './client';
import type { Rng } from './seed-random';

/** what the demo member and each staff login start with */
export const LOGIN_CREDITS = 100;

/** about 30% of the real members paid once; a chatpal never did */
export const isPaidMember = (fictional: boolean, r: Rng): boolean => !fictional && r.chance(0.3);

/** 0, 25, 50 or 75 credits for a real member, none for a chatpal */
export const memberCredits = (fictional: boolean, r: Rng): number => (fictional ? 0 : r.int(0, 3) * 25);

export async function grantDemoCredits(tx: DbOrTx, userId: number, credits: number): Promise<void> {
  if (credits > 0) await changeCredits(tx, userId, credits, 'admin', 'seed');
}
