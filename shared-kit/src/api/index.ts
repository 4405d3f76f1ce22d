export {
  ACCOUNT_LANGUAGE_HEADER,
  api,
  createApiClient,
  GENERIC_ERROR_NL,
  nextTick,
  onAccountLanguage,
  setGenericMessageProvider,
} from './client';
export type { ApiClient, ApiClientOptions, Query, QueryValue, RequestOptions } from './client';
export { ApiRequestError, SwallowedError, isApiRequestError, isSwallowed } from './errors';
export { clearTranslatedCache, loadTranslated } from './translated';
export { earlyAnswers } from './early';
export type { EarlyAnswers } from './early';
