/**
 * What /complete-signup asks for: profile data a short sign-up (e.g. a lander form) may have left
 * out. The spec requires none of it (sign-up needs name, gender, date of birth and country), so the
 * page offers these fields as optional, and the enrich-profile alert links there while any is empty.
 */
import type { User } from '@dating/shared-kit/contracts';

export const COMPLETE_SIGNUP_FIELDS = ['sexuality', 'region', 'city'] as const;
export type CompleteSignupField = (typeof COMPLETE_SIGNUP_FIELDS)[number];

/** The fields of COMPLETE_SIGNUP_FIELDS the member's profile still lacks. */
export function missingProfileFields(user: Pick<User, 'profile'>): CompleteSignupField[] {
  return COMPLETE_SIGNUP_FIELDS.filter((f) => !user.profile[f]);
}
