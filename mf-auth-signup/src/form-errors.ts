/**
 * One way to turn a failed check into text: client-side zod issues carry the same error codes as
 * the server (shared contracts), translated from this module's `errors.*` keys; server answers
 * (ApiRequestError) already carry the text in the member's language.
 */
import type { TFunction } from 'i18next';
import { isApiRequestError, isSwallowed } from '@dating/shared-kit/api';
import { IDENTITY_ERROR_CODES, MIN_AGE } from '@dating/shared-kit/contracts';
import type { z } from 'zod/mini';

export type FieldErrors = Partial<Record<string, string>>;

/** Every issue's field -> translated text (first issue per field wins). */
export function fieldErrorsOf(error: z.core.$ZodError, t: TFunction): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_form';
    if (out[field]) continue;
    const code = (IDENTITY_ERROR_CODES as readonly string[]).includes(issue.message) ? issue.message : 'invalid_type';
    out[field] = t(`errors.${code}`, { min_age: MIN_AGE });
  }
  return out;
}

/** The text to show for a failed call; `null` for a swallowed one (the member was logged out). */
export function messageOf(error: unknown, t: TFunction): string | null {
  if (isSwallowed(error)) return null;
  if (isApiRequestError(error)) return error.message;
  return t('common.generic');
}

/** A server answer's field error as { field: text }, else {}. */
export function serverFieldError(error: unknown): FieldErrors {
  if (isApiRequestError(error) && error.field) return { [error.field]: error.message };
  return {};
}
