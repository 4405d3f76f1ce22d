/**
 * The landers' own fetches (their own chunk: the light lander page gets its data inlined and never
 * loads this, nor the API client and schemas it brings).
 */
import { api, isApiRequestError } from '@dating/shared-kit/api';
import { ZMemberResponse, ZMemberSearchResponse } from '@dating/shared-kit/contracts';
import type { Gender, MemberResponse } from '@dating/shared-kit/contracts';
import type { MemberSearchAnswer } from './preload';

export function fetchMemberSearch(gender: Gender | undefined, network: string | undefined): Promise<MemberSearchAnswer> {
  // near=1: members of the visitor's country, else the site's ("bij jou in de buurt")
  return api.get('/api/members.php', ZMemberSearchResponse, { query: { gender, network, near: '1' } });
}

/** The member, or 'missing' when the server does not show them (404, or a bad id: 400). */
export async function fetchMember(id: string): Promise<MemberResponse | 'missing'> {
  try {
    return await api.get('/api/member.php', ZMemberResponse, { query: { id } });
  } catch (error) {
    const status = isApiRequestError(error) ? error.status : 0;
    if (status === 404 || status === 400) return 'missing';
    throw error;
  }
}
