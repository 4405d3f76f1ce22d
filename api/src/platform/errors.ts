/**
 * Every failure answers in one shape: `{ error: code, message: <translated>, field?, ...extra }`
 * (errors.ts: AppError). `toAppError` maps anything thrown (our AppError, a schema validation:
 * validation.ts, a Fastify or database error) to an AppError; `sendError` writes it in the request's language.
 * The error plugin installs the error and not-found handlers; `frameworkErrors` goes into the
 * Fastify constructor (a URL Fastify cannot route still gets this shape).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../errors';
import { DEFAULT_LANG, fieldLabel, t } from '../i18n';
import { issueError, issuesOf, type ValidationStyle } from './validation';

/** Errors Fastify raises itself, by status -> our code. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const lang = req.lang ?? DEFAULT_LANG;
  const params = { ...err.params, ...(err.field && err.params.field === undefined ? { field: err.field } : {}) };
  // the text names the field as the member knows it; the body's `field` stays the request's name
  if (typeof params.field === 'string') params.field = fieldLabel(params.field, lang);
  const body: Record<string, unknown> = { error: err.code, message: t(err.messageCode, lang, params), ...err.extra };
  if (err.field) body.field = err.field;
  // an overloaded server says when to come back (admission.ts), a rate limit when it ends (rate-limit.ts)
  if (err.status === 503) reply.header('retry-after', String(err.extra.retry_after ?? 1));
  else if (err.status === 429 && err.extra.retry_after !== undefined) reply.header('retry-after', String(err.extra.retry_after));
  return reply.status(err.status).type('application/json; charset=utf-8').send(body);
}

/** A failed route schema: its first rule as the route's answer (validation.ts). */
function validationError(
  err: { validation: Parameters<typeof issuesOf>[0]; validationContext?: string },
  style: ValidationStyle | undefined,
): AppError {
  return issueError(issuesOf(err.validation)[0], style, err.validationContext || 'body');
}

/** Turn anything thrown into an AppError (one place, no instanceof chain). */
export function toAppError(error: unknown, style?: ValidationStyle): { appError: AppError; log: boolean } {
  // a 503 is the admission queue saying "come back in a second" on purpose: not an error to log
  if (isAppError(error)) return { appError: error, log: error.status >= 500 && error.status !== 503 };
  if (hasZodFastifySchemaValidationErrors(error)) return { appError: validationError(error, style), log: false };
  if (isResponseSerializationError(error)) return { appError: new AppError('internal', { status: 500 }), log: true };
  // a value the database cannot hold (number out of range, text that is no number/uuid): input
  // a schema should have stopped; still the client's 400, logged so the schema gets fixed
  const pgCode = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  if (pgCode === '22003' || pgCode === '22P02') return { appError: new AppError('bad_request', { status: 400 }), log: true };
  const fe = error as Partial<FastifyError>;
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const isJson =
      typeof fe.code === 'string' &&
      (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError);
    return { appError: new AppError(isJson ? 'invalid_json' : (CODE_BY_STATUS[status] ?? 'bad_request'), { status }), log: false };
  }
  return {
    appError: new AppError(status === 503 ? 'service_unavailable' : 'internal', { status: status >= 500 ? status : 500 }),
    log: true,
  };
}

/** Fastify's `frameworkErrors` option: errors raised before routing (bad percent-encoding). */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  void sendError(req, reply, toAppError(error).appError);
}

/** The error handler and the not-found handler of the whole app (fastify-plugin: set on the root). */
async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, req, reply) => {
    const { appError, log } = toAppError(error, req.routeOptions.config?.validation);
    if (log) req.log.error({ err: error }, 'request failed');
    return sendError(req, reply, appError);
  });

  app.setNotFoundHandler((req, reply) => {
    const code = req.url.startsWith('/api/') ? 'route_not_found' : 'not_found';
    return sendError(req, reply, new AppError(code, { status: 404 }));
  });
}

export default fp(errorHandling, { name: 'errors' });
