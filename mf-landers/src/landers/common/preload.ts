/**
 * What the server already fetched for a lander (mf-landers' light lander page: the public member
 * search and, on a member landing, the member, inlined into the page). Given, the hooks use it and
 * fetch nothing; absent (the lander inside the shell), they fetch it themselves.
 */
import { createContext, useContext } from 'react';
import type { MemberResponse, Profile } from '@dating/shared-kit/contracts';

/** GET /api/members.php's answer, the parts a lander shows. */
export interface MemberSearchAnswer {
  results: Profile[];
  similar: { results: Profile[] };
}

export interface LanderPreload {
  /** the member search with the lander's gender and network (null: it failed) */
  search: MemberSearchAnswer | null;
  /** a member landing's member */
  member?: MemberResponse;
}

export const LanderPreloadContext = createContext<LanderPreload | null>(null);

export function useLanderPreload(): LanderPreload | null {
  return useContext(LanderPreloadContext);
}
