/**
 * The fetch client every module uses:
 * - cookie session: `credentials: 'include'`; JSON bodies; `Accept-Language` = the UI language;
 *   `X-Request-Type: web` on /api/user.php;
 * - up to 5 retries with exponential delay (200 ms * 2^n) for network failures and 5xx answers of
 *   idempotent methods (GET, PUT, DELETE; never POST);
 * - 2xx answers parsed with the caller's zod schema (mismatch -> ApiRequestError 'contract_mismatch');
 * - non-2xx -> ApiRequestError {status, code, message, field, minutes, body};
 * - a 403 (or 401) with `authentication_required` from anything but /api/user.php logs the member out
 *   (session atom null, `auth:logged-out` on the bus) and rejects with a SwallowedError
 *   (`isSwallowed(e)`), which callers ignore; when its code is `account_banned` (staff banned the
 *   account) the page goes on to /pages/ban (state/banned.ts).
 * - `upload()` posts FormData with XMLHttpRequest, for progress events.
 */
import type { z } from 'zod/mini';
import { ZApiError } from '../contracts/core';
import { USER_REQUEST_TYPE } from '../contracts/calls';
import { bus } from '../bus/bus';
import { languageAtom, sessionAtom, setSession, store } from '../state/atoms';
import { endBannedSession } from '../state/banned';
import { ApiRequestError, SwallowedError } from './errors';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** override the number of retries for this call (idempotent methods only) */
  retries?: number;
}

export interface ApiClientOptions {
  /** origin/prefix of the API; default: the page's own origin */
  baseUrl?: string;
  /** default 5 */
  retries?: number;
  /** first retry delay; doubles each time. Default 200 ms. */
  retryDelayMs?: number;
  /** the fetch to use (default: globalThis.fetch at call time) */
  fetch?: typeof fetch;
  /** the language for Accept-Language (default: the languageAtom) */
  getLanguage?: () => string;
  /** text for failures without a server message (default: the generic Dutch error) */
  genericMessage?: () => string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const IDEMPOTENT: ReadonlySet<Method> = new Set<Method>(['GET', 'PUT', 'DELETE']);
export const GENERIC_ERROR_NL = 'Er is een fout opgetreden, probeer het later opnieuw.';

/** The header in which the server names a logged-in member's account language on every answer. */
export const ACCOUNT_LANGUAGE_HEADER = 'x-account-language';
/** Told the account's language of each answer that names one, with when its request started (i18n applies it). */
export type AccountLanguageListener = (language: string, requestStartedAt: number) => void;
let accountLanguageListener: AccountLanguageListener | undefined;
export function onAccountLanguage(listener: AccountLanguageListener | undefined): void {
  accountLanguageListener = listener;
}
let requestClock = 0;
/** A counter that orders requests and local language changes (not wall time: two in one millisecond). */
export function nextTick(): number {
  requestClock += 1;
  return requestClock;
}

let genericMessageProvider: (() => string) | undefined;
/** shared-kit/i18n registers the translated generic error text here. */
export function setGenericMessageProvider(provider: () => string): void {
  genericMessageProvider = provider;
}

export interface ApiClient {
  get<S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  post<S extends z.ZodMiniType>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  post(path: string, body?: unknown): Promise<void>;
  put<S extends z.ZodMiniType>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  put(path: string, body?: unknown): Promise<void>;
  del<S extends z.ZodMiniType>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  del(path: string, body?: unknown): Promise<void>;
  /** multipart POST with upload progress (0-100); never retried */
  upload<S extends z.ZodMiniType>(path: string, form: FormData, schema: S, onProgress?: (percent: number) => void): Promise<z.output<S>>;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });

function isUserPhp(path: string): boolean {
  return /^\/?api\/user\.php(?:$|[?#])/.test(path.replace(/^https?:\/\/[^/]+/, ''));
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const maxRetries = options.retries ?? 5;
  const baseDelay = options.retryDelayMs ?? 200;
  const language = options.getLanguage ?? (() => store.get(languageAtom));
  const generic = () => options.genericMessage?.() ?? genericMessageProvider?.() ?? GENERIC_ERROR_NL;

  function buildUrl(path: string, query?: Query): string {
    const base = options.baseUrl ?? globalThis.location?.href ?? 'http://localhost/';
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(query ?? {})) {
      const values = Array.isArray(value) ? value : [value];
      for (const v of values as QueryValue[]) {
        if (v !== undefined && v !== null) url.searchParams.append(key, String(v));
      }
    }
    return url.toString();
  }

  function headersFor(path: string, extra?: Record<string, string>, json = false): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': language(),
      // a custom header on every call: the server's CSRF check accepts it for bodiless/multipart requests
      'X-Requested-With': 'XMLHttpRequest',
      ...extra,
    };
    if (json) headers['Content-Type'] = 'application/json';
    if (isUserPhp(path)) headers['X-Request-Type'] = USER_REQUEST_TYPE;
    return headers;
  }

  /** Turn an error answer into an ApiRequestError, handling authentication_required. */
  function failure(path: string, status: number, body: unknown): Error {
    const parsed = ZApiError.safeParse(body);
    const error = parsed.success
      ? ApiRequestError.fromBody(status, parsed.data)
      : new ApiRequestError({ status, code: `http_${status}`, message: generic(), body });
    // the session is gone: 403 (or 401) with `authentication_required`, from anything but user.php
    // (whose 401 is a failed login). The shell then shows its login prompt on member pages.
    const sessionEnded = (status === 403 || status === 401) && parsed.success && parsed.data.authentication_required === true;
    if (sessionEnded && !isUserPhp(path)) {
      // a banned account (issue 15): logged out, and on to the ban page
      if (error.code === 'account_banned') {
        endBannedSession();
        return new SwallowedError(error);
      }
      // Log out once: parallel calls failing together must not emit the event several times.
      if (store.get(sessionAtom) !== null) {
        setSession(null);
        bus.emit('auth:logged-out', {});
      }
      return new SwallowedError(error);
    }
    return error;
  }

  function parseAnswer<S extends z.ZodMiniType>(path: string, status: number, body: unknown, schema: S | undefined): z.output<S> {
    if (!schema) return undefined as z.output<S>;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      console.error(`[api] answer of ${path} does not match its contract`, parsed.error.issues);
      throw new ApiRequestError({ status, code: 'contract_mismatch', message: generic(), body, cause: parsed.error });
    }
    return parsed.data;
  }

  async function readBody(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  async function request<S extends z.ZodMiniType>(
    method: Method,
    path: string,
    body: unknown,
    schema: S | undefined,
    opts: RequestOptions = {},
  ): Promise<z.output<S>> {
    const url = buildUrl(path, opts.query);
    const hasBody = body !== undefined && method !== 'GET';
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: headersFor(path, opts.headers, hasBody),
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: opts.signal,
    };
    const retries = IDEMPOTENT.has(method) ? (opts.retries ?? maxRetries) : 0;
    const doFetch = options.fetch ?? globalThis.fetch;

    const startedAt = nextTick();
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch (cause) {
        if (opts.signal?.aborted) throw cause;
        if (attempt < retries) {
          await sleep(baseDelay * 2 ** attempt, opts.signal);
          continue;
        }
        throw new ApiRequestError({ status: 0, code: 'network', message: generic(), cause });
      }
      if (response.status >= 500 && attempt < retries) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(baseDelay * 2 ** attempt, opts.signal);
        continue;
      }
      const accountLanguage = response.headers?.get?.(ACCOUNT_LANGUAGE_HEADER);
      if (accountLanguage) accountLanguageListener?.(accountLanguage, startedAt);
      const answer = await readBody(response);
      if (!response.ok) throw failure(path, response.status, answer);
      return parseAnswer(path, response.status, answer, schema);
    }
  }

  function upload<S extends z.ZodMiniType>(
    path: string,
    form: FormData,
    schema: S,
    onProgress?: (percent: number) => void,
  ): Promise<z.output<S>> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', buildUrl(path));
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(headersFor(path))) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
      });
      xhr.addEventListener('load', () => {
        let body: unknown = undefined;
        if (xhr.responseText) {
          try {
            body = JSON.parse(xhr.responseText) as unknown;
          } catch {
            body = xhr.responseText;
          }
        }
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(failure(path, xhr.status, body));
          return;
        }
        onProgress?.(100);
        try {
          resolve(parseAnswer(path, xhr.status, body, schema));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      const networkError = () => reject(new ApiRequestError({ status: 0, code: 'network', message: generic() }));
      xhr.addEventListener('error', networkError);
      xhr.addEventListener('timeout', networkError);
      xhr.addEventListener('abort', networkError);
      xhr.send(form);
    });
  }

  const client = {
    get: (path: string, schema: z.ZodMiniType, opts?: RequestOptions) => request('GET', path, undefined, schema, opts),
    post: (path: string, body?: unknown, schema?: z.ZodMiniType, opts?: RequestOptions) => request('POST', path, body ?? {}, schema, opts),
    put: (path: string, body?: unknown, schema?: z.ZodMiniType, opts?: RequestOptions) => request('PUT', path, body ?? {}, schema, opts),
    del: (path: string, body?: unknown, schema?: z.ZodMiniType, opts?: RequestOptions) => request('DELETE', path, body, schema, opts),
    upload,
  };
  return client as ApiClient;
}

/** The client for the page's own origin. */
export const api: ApiClient = createApiClient();
