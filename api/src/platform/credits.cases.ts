/**
 * The credits rule as one table (issue 25): what charging `cost` credits for `reason` does to a
 * member with `balance`. Every implementation of the rule must answer every row the same way
 * (credits.test.ts runs each row through all of them, on PGlite and on PostgreSQL):
 *   - platform/credits.ts `changeCredits(tx, id, -cost, reason, ref)` (purchases, refunds, admin),
 *   - the SQL function `chat_store` (operator replies, through chat/send.ts storeMessage),
 *   - the SQL function `chat_send`, which calls chat_store (a member's send, sendMessage).
 *
 * The rule: credits are integers and never go below 0; a debit that would is refused and writes
 * nothing; every change is one ledger row (delta, the balance after it, the reason) in the same
 * transaction; a charge of 0 is no change, so no ledger row. A cost that is not an int4 integer is
 * refused as invalid and writes nothing. Costs come from the site settings, which accept only
 * integers >= 0 (contracts/core.ts), so negative costs are not part of the rule.
 */
import type { CreditReason } from './credits';

export type ChargeReason = Extract<CreditReason, 'message' | 'gift' | 'photo'>;

export type CreditOutcome =
  /** charged: the balance after, and the ledger row (null: no row, nothing changed) */
  | { balance: number; ledger: { delta: number; balanceAfter: number; reason: ChargeReason } | null }
  /** refused, nothing written: the balance stays */
  | { refused: 'insufficient_credits' | 'invalid_amount'; balance: number };

export interface CreditCase {
  name: string;
  balance: number;
  cost: number;
  reason: ChargeReason;
  expected: CreditOutcome;
}

const INT4_MAX = 2_147_483_647;
const row = (delta: number, balanceAfter: number, reason: ChargeReason = 'message') => ({ delta, balanceAfter, reason });

export const CREDIT_CASES: CreditCase[] = [
  { name: 'a debit leaves the rest', balance: 100, cost: 10, reason: 'message', expected: { balance: 90, ledger: row(-10, 90) } },
  {
    name: 'spending exactly everything is allowed',
    balance: 10,
    cost: 10,
    reason: 'message',
    expected: { balance: 0, ledger: row(-10, 0) },
  },
  { name: 'one credit for one credit', balance: 1, cost: 1, reason: 'message', expected: { balance: 0, ledger: row(-1, 0) } },
  {
    name: 'one credit short is refused',
    balance: 9,
    cost: 10,
    reason: 'message',
    expected: { refused: 'insufficient_credits', balance: 9 },
  },
  { name: 'nothing left is refused', balance: 0, cost: 1, reason: 'message', expected: { refused: 'insufficient_credits', balance: 0 } },
  {
    name: 'a free message changes nothing and writes no ledger row',
    balance: 50,
    cost: 0,
    reason: 'message',
    expected: { balance: 50, ledger: null },
  },
  { name: 'a free message with nothing left', balance: 0, cost: 0, reason: 'message', expected: { balance: 0, ledger: null } },
  { name: 'a gift with its own reason', balance: 25, cost: 25, reason: 'gift', expected: { balance: 0, ledger: row(-25, 0, 'gift') } },
  { name: 'a gift too dear is refused', balance: 24, cost: 25, reason: 'gift', expected: { refused: 'insufficient_credits', balance: 24 } },
  { name: 'a photo with its own reason', balance: 40, cost: 15, reason: 'photo', expected: { balance: 25, ledger: row(-15, 25, 'photo') } },
  {
    name: 'a photo too dear is refused',
    balance: 14,
    cost: 15,
    reason: 'photo',
    expected: { refused: 'insufficient_credits', balance: 14 },
  },
  {
    name: 'the largest balance, all of it',
    balance: INT4_MAX,
    cost: INT4_MAX,
    reason: 'message',
    expected: { balance: 0, ledger: row(-INT4_MAX, 0) },
  },
  {
    name: 'the largest cost on a smaller balance is refused',
    balance: INT4_MAX - 1,
    cost: INT4_MAX,
    reason: 'message',
    expected: { refused: 'insufficient_credits', balance: INT4_MAX - 1 },
  },
  {
    name: 'a cost beyond int4 is invalid',
    balance: 100,
    cost: INT4_MAX + 1,
    reason: 'message',
    expected: { refused: 'invalid_amount', balance: 100 },
  },
  {
    name: 'a fractional cost is invalid',
    balance: 100,
    cost: 2.5,
    reason: 'message',
    expected: { refused: 'invalid_amount', balance: 100 },
  },
];
