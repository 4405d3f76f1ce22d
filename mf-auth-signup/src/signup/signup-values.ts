/**
 * The sign-up form's values and what is computed from them, without React: which fields each step
 * asks for, the check of one step (the same zod schema the server uses, shared contracts), the
 * request body, and whether the site lets this visitor sign up at all.
 */
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { COUNTRIES, MIN_AGE, ZSignupFields } from '@dating/shared-kit/contracts';
import type { SignupRequest } from '@dating/shared-kit/contracts';
import { fieldErrorsOf } from '../form-errors';
import type { FieldErrors } from '../form-errors';
import { captureInvite, captureTracking } from '../tracking';

export const STEP_COUNT = 5;

export interface SignupValues {
  gender: string;
  sexuality: string;
  date_of_birth: string;
  country: string;
  region: string;
  city: string;
  name: string;
  signup_message: string;
  email: string;
  password: string;
}

export type SignupField = keyof SignupValues;

/** Which fields each step asks for (step index = position). */
export const STEP_FIELDS: readonly (readonly SignupField[])[] = [
  ['gender', 'sexuality'],
  ['date_of_birth'],
  ['country', 'region', 'city'],
  ['name', 'signup_message'],
  ['email', 'password'],
];

const EMPTY: SignupValues = {
  gender: '',
  sexuality: '',
  date_of_birth: '',
  country: '',
  region: '',
  city: '',
  name: '',
  signup_message: '',
  email: '',
  password: '',
};

/**
 * The values the form starts with: the kept draft (never a password) over the site's country
 * (GeoIP choice, else its first country, else NL; a country we do not list becomes NL).
 */
export function initialValues(draftValues: Partial<SignupValues> | undefined, siteCountry: string): SignupValues {
  const country = siteCountry.toUpperCase();
  return {
    ...EMPTY,
    country: (COUNTRIES as readonly string[]).includes(country) ? country : 'NL',
    ...(draftValues ?? {}),
    password: '',
  };
}

/** The step that asks for a field (any other field, e.g. `invite`, goes to the last step). */
export function stepOfField(field: string | undefined): number {
  const top = (field ?? '').split('.')[0] as SignupField;
  const i = STEP_FIELDS.findIndex((fields) => fields.includes(top));
  return i < 0 ? STEP_COUNT - 1 : i;
}

/** The request body from the form values (empty optional fields left out). */
export function toRequest(values: SignupValues, messageTo?: number): SignupRequest {
  const tracking = captureTracking();
  const invite = captureInvite();
  return {
    email: values.email,
    name: values.name,
    password: values.password,
    date_of_birth: values.date_of_birth,
    gender: values.gender as SignupRequest['gender'],
    sexuality: (values.sexuality || null) as SignupRequest['sexuality'],
    country: values.country as SignupRequest['country'],
    region: values.region || null,
    city: values.city || null,
    signup_message: values.signup_message || null,
    ...(messageTo ? { message_to: messageTo } : {}),
    ...(tracking ? { tracking } : {}),
    ...(invite ? { invite } : {}),
  };
}

/** The errors of one step's fields (empty when the step may be left). */
export function stepErrors(index: number, values: SignupValues, messageTo: number | undefined, t: TFunction): FieldErrors {
  const fields = STEP_FIELDS[index] ?? [];
  const shape = Object.fromEntries(fields.map((f) => [f, true])) as Record<SignupField, true>;
  const schema = z.pick(ZSignupFields, shape);
  const body = toRequest(values, messageTo) as Record<string, unknown>;
  const result = schema.safeParse(Object.fromEntries(fields.map((f) => [f, body[f]])));
  if (!result.success) return fieldErrorsOf(result.error, t);
  if (index === 3 && values.email && values.name.trim().toLowerCase() === values.email.trim().toLowerCase()) {
    return { name: t('errors.name_equals_email') };
  }
  return {};
}

/** The site's `signups` setting: 'all', or 'with_trafficsource' with a traffic source. */
export function signupBlockedReason(mode: string | undefined): string | null {
  if (mode === 'with_trafficsource') {
    const tracking = captureTracking();
    return tracking?.network || tracking?.ref ? null : 'signups_trafficsource_required';
  }
  if (mode === 'invite_only') return captureInvite() ? null : 'signups_invite_only';
  return null;
}

/** The latest date of birth the date field offers: MIN_AGE years ago today. */
export function maxBirthDate(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - MIN_AGE);
  return d.toISOString().slice(0, 10);
}
