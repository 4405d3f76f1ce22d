/**
 * What /members asks the server, from the URL and the member, and its first answer asked early.
 *
 * The search page is a chunk of its own with its own texts; the members' call used to start only
 * once both had arrived and the page rendered. The routes chunk starts it as it asks for the page
 * (`searchEarly`), so the answer and the page's code come over the network side by side; the page
 * takes that answer when it asks for the same query (`search`).
 */
import { earlyAnswers } from '@dating/shared-kit/api';
import type { MemberSearchQuery, MemberSearchResponse, User } from '@dating/shared-kit/contracts';
import { membersApi } from '../api';

export const SEARCH_PARAMS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type Filters = Record<(typeof SEARCH_PARAMS)[number], string>;

function seeking(gender?: string, sexuality?: string | null): string {
  if (!gender) return '';
  if (sexuality === 'bi') return '';
  if (sexuality === 'gay' || sexuality === 'lesbian') return gender;
  return gender === 'male' ? 'female' : 'male';
}

const NETWORK_KEY = 'members:network';

/** The visitor's traffic source (`?network=` of the landing URL), remembered for the session. */
export function trafficSource(fromUrl: string | null): string | null {
  try {
    if (fromUrl) globalThis.sessionStorage?.setItem(NETWORK_KEY, fromUrl);
    return fromUrl ?? globalThis.sessionStorage?.getItem(NETWORK_KEY) ?? null;
  } catch {
    return fromUrl;
  }
}

/** The filters as the URL gives them; without any, the member's own: who they seek, their country. */
export function initialFilters(params: URLSearchParams, user: User | null): Filters {
  const fromUrl = (name: string) => params.get(name) ?? '';
  return {
    gender: params.has('gender') ? fromUrl('gender') : seeking(user?.profile.gender, user?.profile.sexuality),
    country: params.has('country') ? fromUrl('country') : (user?.profile.country ?? ''),
    countryregion: fromUrl('countryregion'),
    min_age: fromUrl('min_age'),
    max_age: fromUrl('max_age'),
  };
}

export function searchQuery(params: URLSearchParams, user: User | null): MemberSearchQuery {
  const initial = initialFilters(params, user);
  const network = trafficSource(params.get('network'));
  const q: Record<string, string | number> = {};
  for (const name of SEARCH_PARAMS) if (initial[name]) q[name] = initial[name];
  if (params.get('verified') === '1') q.verified = '1';
  // a logged-out visitor from a traffic source may search when the site allows it
  if (!user && network) q.network = network;
  q.page = Number(params.get('page') ?? '1') || 1;
  q.similar_page = Number(params.get('similar_page') ?? '1') || 1;
  return q as MemberSearchQuery;
}

const early = earlyAnswers();

/** Start the search for this URL and member before the page is there. */
export function searchEarly(params: URLSearchParams, user: User | null): void {
  const query = searchQuery(params, user);
  early.ask(JSON.stringify(query), () => membersApi.search(query));
}

/** The search: the early answer when it was for this query (once, while fresh), else a new call. */
export function search(query: MemberSearchQuery): Promise<MemberSearchResponse> {
  return early.take(JSON.stringify(query), () => membersApi.search(query));
}
