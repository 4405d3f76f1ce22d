import type { ApiError } from '../contracts/core';

/**
 * A call failed. `message` is what to show the member: the server's text (already in the
 * request's language) or, for network and contract failures, the generic error text.
 *
 * `code`: the server's `error` code ('validation', 'login_failed', ...), or
 * - 'network': no answer after the retries (offline, server down),
 * - 'contract_mismatch': the answer did not match the expected zod schema,
 * - 'http_<status>': an error answer without the standard error shape.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** minutes of a login lock, when the server sent them */
  readonly minutes: number | undefined;
  /** the parsed answer body (or undefined) */
  readonly body: unknown;

  constructor(init: { status: number; code: string; message: string; field?: string; minutes?: number; body?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.minutes = init.minutes;
    this.body = init.body;
  }

  static fromBody(status: number, body: ApiError): ApiRequestError {
    return new ApiRequestError({
      status,
      code: body.error,
      message: body.message,
      field: body.field,
      minutes: body.minutes,
      body,
    });
  }
}

const SWALLOWED = Symbol.for('dating.api.swallowed');

/**
 * Rejection of a call that answered 403 `authentication_required` (not /api/user.php): the client
 * has already logged the member out (session atom null, `auth:logged-out` emitted), so there is
 * nothing for the caller to show. Callers ignore it: `catch (e) { if (isSwallowed(e)) return; ... }`.
 * (A rejection rather than a never-settling promise: awaiting code still finishes, finally-blocks
 * run, and no component stays "loading" forever.)
 */
export class SwallowedError extends Error {
  override readonly name = 'SwallowedError';
  readonly [SWALLOWED] = true;
  constructor(readonly original: ApiRequestError) {
    super('authentication required: logged out');
  }
}

/** True for the rejection of a call whose failure was already handled (see SwallowedError). */
export function isSwallowed(error: unknown): error is SwallowedError {
  return typeof error === 'object' && error !== null && (error as { [SWALLOWED]?: unknown })[SWALLOWED] === true;
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError || (error instanceof Error && error.name === 'ApiRequestError');
}
