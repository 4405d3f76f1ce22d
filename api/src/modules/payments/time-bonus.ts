/**
 * The time bonus: TIMEBONUS25, 25 % off, once per member, only for a member who has
 * not paid yet and signed up less than 14400 s ago. GET /api/user.php carries it as
 * `user.time_bonus` (null when there is none); the server refuses it after expiry whatever a
 * browser still shows (discounts.ts).
 */
import { TIME_BONUS_CODE, TIME_BONUS_SECONDS } from '@dating/shared-kit/contracts';
import type { UserTimeBonus } from '@dating/shared-kit/contracts';
import { currencyOf, isCountry } from './pricing';

export const TIME_BONUS_PERCENTAGE = 25;

export interface TimeBonusSubject {
  id: number;
  paidUser: boolean;
  signupAt: Date;
  country: string;
}

/** When the member's time bonus ends (it may be in the past). */
export function timeBonusExpires(signupAt: Date): Date {
  return new Date(signupAt.getTime() + TIME_BONUS_SECONDS * 1000);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The member's time bonus now, or null (paid member, or the 4 hours are over). */
export function timeBonusOf(member: TimeBonusSubject, now: Date = new Date()): UserTimeBonus | null {
  const expires = timeBonusExpires(member.signupAt);
  const left = Math.floor((expires.getTime() - now.getTime()) / 1000);
  if (member.paidUser || left <= 0 || !isCountry(member.country)) return null;
  return {
    code: TIME_BONUS_CODE,
    country: member.country,
    user_id: member.id,
    expires: expires.toISOString(),
    value_percentage: TIME_BONUS_PERCENTAGE,
    currency: currencyOf(member.country),
    minimum_order_value: 0,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: [],
    visible: true,
    seconds_left: left,
    countdown: { hours: two(Math.floor(left / 3600)), minutes: two(Math.floor((left % 3600) / 60)), seconds: two(left % 60) },
  };
}
