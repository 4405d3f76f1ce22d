export { api, createApiClient, GENERIC_ERROR_NL, setGenericMessageProvider } from './client';
export type { ApiClient, ApiClientOptions, Query, QueryValue, RequestOptions } from './client';
export { ApiRequestError, SwallowedError, isApiRequestError, isSwallowed } from './errors';
export { clearTranslatedCache, loadTranslated } from './translated';
