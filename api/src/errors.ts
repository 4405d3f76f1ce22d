/**
 * The one error type of the server. Routes and services `throw new AppError('code', {...})`;
 * the error handler in platform/errors.ts turns it into `{ error: code, message: <translated>, ...extra }`
 * with the status from STATUS_BY_CODE (or `status`). Codes are keys of the i18n message tables.
 */
export interface AppErrorOptions {
  status?: number;
  /** the request field that failed, echoed as `field` */
  field?: string;
  /** placeholders for the translated text, e.g. { minutes: 5 } -> also echoed in the body */
  params?: Record<string, string | number>;
  /** extra body fields (e.g. { authentication_required: true }) */
  extra?: Record<string, unknown>;
  /** shorthand used by the login lock: echoed as `minutes` and used in the text */
  minutes?: number;
  /** translate this message code instead of `code` (e.g. code `validation`, text `validation_required`) */
  messageCode?: string;
}

/** Default HTTP status per error code; anything not listed is a 400. */
export const STATUS_BY_CODE: Record<string, number> = {
  validation: 400,
  invalid_json: 400,
  bad_request: 400,
  unknown_country: 400,
  image_invalid: 400,
  authentication_required: 403,
  forbidden: 403,
  origin_mismatch: 403,
  csrf_header_required: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  image_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  // payments (shared-kit/contracts/payments.ts PAYMENT_ERROR_CODES); the others are 400s
  discount_code_not_found: 404,
  discount_code_used: 409,
  discount_in_use: 409,
  tryout_in_use: 409,
  payment_not_found: 404,
  no_saved_card: 409,
  direct_debit_blocked: 403,
  direct_debit_limit: 409,
  direct_debit_not_pending: 409,
  sms_too_many: 429,
  card_payment_failed: 402,
  payment_failed: 402,
  psp_unavailable: 502,
  sms_unavailable: 502,
  internal: 500,
  service_unavailable: 503,
};

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: string;
  readonly params: Record<string, string | number>;
  readonly extra: Record<string, unknown>;
  readonly messageCode: string;

  constructor(code: string, options: AppErrorOptions = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? STATUS_BY_CODE[code] ?? 400;
    this.field = options.field;
    this.params = { ...(options.params ?? {}) };
    this.extra = { ...(options.extra ?? {}) };
    this.messageCode = options.messageCode ?? code;
    if (options.minutes !== undefined) {
      this.params.minutes = options.minutes;
      this.extra.minutes = options.minutes;
    }
  }

  /** Fastify's name for the status: an error handler of a plugin of its own (the payment simulator's) answers it too, not a 500 */
  get statusCode(): number {
    return this.status;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
