/**
 * The one mapping from a failed schema rule to the member's 400. The route schemas (checked by
 * fastify-type-provider-zod before the handler) reach it through the error handler
 * (errors.ts: toAppError); a handler that picks its schema by the query or the body checks it with
 * `parseWith`, which throws exactly the same AppError. Only the first failed rule is answered.
 *
 * A route's config may name the contract whose answer it keeps (`config.validation`, set for all
 * routes of a plugin with `validationStyle`):
 *   - app (default): a payments code as `error`; a shared contract's message code as `code`;
 *     else the generic "validation" texts; `field` always set (an unknown key named itself)
 *   - identity: the identity contract's code (IDENTITY_ERROR_CODES, `min_age` with its age) as
 *     `code` and message, else `invalid_type`; `field` is the rule's path (none for the body)
 *   - passkeys: the passkeys contract's code, a bad WebAuthn `response` as
 *     passkey_response_invalid on `response`, else `invalid_type`
 *   - reports: the top-level key as `field` (message_ids, not message_ids.0); a bad note says
 *     what a note must be
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDENTITY_ERROR_CODES, MIN_AGE, PASSKEY_ERROR_CODES, PAYMENT_ERROR_CODES, REPORT_NOTE_MAX } from '@dating/shared-kit/contracts';
import { AppError } from '../errors';
import { hasMessage } from '../i18n';

// The contracts are zod/mini schemas, and zod/mini loads no texts: a failed rule's message would be
// "Invalid input" unless a locale is set. issueError reads the English text (a missing field is
// "... received undefined"), so the server's checks always run with it.
z.config(z.locales.en());

export type ValidationStyle = 'app' | 'identity' | 'passkeys' | 'reports';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** whose answer a failed schema rule of this route gets (platform/validation.ts); default 'app' */
    validation?: ValidationStyle;
  }
}

/** A failed rule as both zod and the type provider's error items can give it. */
export interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  /** an unrecognized_keys issue: the unknown keys */
  keys?: unknown;
}

const isIn = (list: readonly string[], value: string | undefined): value is string => value !== undefined && list.includes(value);

/** The member's 400 for the first failed rule (`context`: the request part, for the app's field fallback). */
export function issueError(issue: Issue | undefined, style: ValidationStyle = 'app', context = 'body'): AppError {
  const path = issue?.path.map(String) ?? [];
  const joined = path.join('.') || undefined;
  const message = issue?.message;
  const unknownKey = issue?.code === 'unrecognized_keys' && Array.isArray(issue.keys) ? issue.keys[0] : undefined;

  if (style === 'identity') {
    const code = isIn(IDENTITY_ERROR_CODES, message) ? message : 'invalid_type';
    const params = code === 'min_age' ? { min_age: MIN_AGE } : undefined;
    return new AppError('validation', { status: 400, field: joined, messageCode: code, params, extra: { code } });
  }
  if (style === 'passkeys') {
    const inResponse = joined?.startsWith('response') ?? false;
    const code = isIn(PASSKEY_ERROR_CODES, message) ? message : inResponse ? 'passkey_response_invalid' : 'invalid_type';
    return new AppError('validation', { status: 400, field: inResponse ? 'response' : joined, messageCode: code, extra: { code } });
  }
  if (style === 'reports') {
    const key = typeof unknownKey === 'string' ? unknownKey : (path[0] ?? 'body');
    if (key === 'note') return reportNoteRequired();
    return new AppError('validation', { status: 400, field: key, params: { field: key } });
  }

  // app: an unknown key is named itself, not the object it was found in
  const field = (typeof unknownKey === 'string' && unknownKey) || joined || context;
  // a payments contract's rule answers its own code (e.g. iban_invalid) as the error
  if (isIn(PAYMENT_ERROR_CODES, message)) return new AppError(message, { status: 400, field });
  // a shared contract's own message code (e.g. name_invalid) is more precise than the rule's kind
  if (message && hasMessage(message)) {
    return new AppError('validation', { status: 400, field, params: { field }, messageCode: message, extra: { code: message } });
  }
  let messageCode = 'validation';
  if (issue?.code === 'invalid_type' && /received undefined/.test(message ?? '')) messageCode = 'validation_required';
  else if (issue?.code === 'too_small') messageCode = 'validation_too_small';
  else if (issue?.code === 'too_big') messageCode = 'validation_too_big';
  return new AppError('validation', { status: 400, field, params: { field }, messageCode });
}

/** A report needs a note (reason "other", or a note that breaks its rules): says what a note must be. */
export function reportNoteRequired(): AppError {
  return new AppError('validation', { status: 400, field: 'note', messageCode: 'report_note_required', params: { max: REPORT_NOTE_MAX } });
}

/** The type provider's error items (keyword, instancePath '/a/0', message, params) as issues. */
export function issuesOf(items: { keyword: string; instancePath: string; message?: string; params?: { keys?: unknown } }[]): Issue[] {
  return items.map((item) => ({
    code: item.keyword,
    path: item.instancePath.split('/').filter((part) => part !== ''),
    message: item.message,
    keys: item.params?.keys,
  }));
}

/**
 * Check a value the route could not declare (the schema depends on the query or the body) with
 * the route's own answer for a failed rule. A missing body is checked as `{}`.
 */
export function parseWith<S extends z.core.$ZodType>(req: FastifyRequest, schema: S, value: unknown = req.body): z.output<S> {
  const result = z.safeParse(schema, value ?? {});
  if (result.success) return result.data;
  throw issueError(result.error.issues[0], req.routeOptions.config?.validation);
}

/**
 * Plugin setup: every route of the plugin answers a failed rule in `style`, and a route with a
 * body schema that got no body (or JSON null) checks `{}`, so its first missing field is named.
 */
export function validationStyle(app: FastifyInstance, style: ValidationStyle): void {
  app.addHook('onRoute', (route) => {
    route.config = { validation: style, ...route.config };
  });
  app.addHook('preValidation', absentBodyAsObject);
}

/** preValidation: a route with a body schema that got no body (or JSON null) checks `{}`. */
export async function absentBodyAsObject(req: FastifyRequest): Promise<void> {
  if (req.body == null && req.routeOptions.schema?.body) req.body = {};
}
