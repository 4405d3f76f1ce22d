/**
 * Demo members for a lander: the public member search (GET /api/members.php, what a visitor may
 * see on this site; the lander's `network` is sent along for sites that open the search to
 * visitors from a traffic source). Members with a photo first. A refused or failed search leaves
 * the lander without members, never broken. On the light lander page the server has made the
 * search already (preload.ts): then the members are there on the first render.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { Gender, Profile } from '@dating/shared-kit/contracts';
import { useLanderPreload } from './preload';
import type { MemberSearchAnswer } from './preload';

export interface LanderMembers {
  members: Profile[];
  loading: boolean;
}

/** The search's members, once each, those with a photo first, at most `count`. */
export function pickLanderMembers(answer: MemberSearchAnswer | null, count: number): Profile[] {
  if (!answer) return [];
  const all = [...answer.results, ...answer.similar.results];
  const seen = new Set<number>();
  const unique = all.filter((p) => !seen.has(p.id) && seen.add(p.id));
  return [...unique.filter((p) => p.main_image), ...unique.filter((p) => !p.main_image)].slice(0, count);
}

export function useLanderMembers(count: number, gender?: Gender): LanderMembers {
  const preload = useLanderPreload();
  const { search } = useLocation();
  const network = new URLSearchParams(search).get('network') ?? undefined;
  const [state, setState] = useState<LanderMembers>(() =>
    preload ? { members: pickLanderMembers(preload.search, count), loading: false } : { members: [], loading: true },
  );
  useEffect(() => {
    if (preload) return undefined;
    let alive = true;
    import('./fetch')
      .then(({ fetchMemberSearch }) => fetchMemberSearch(gender, network))
      .then((answer) => alive && setState({ members: pickLanderMembers(answer, count), loading: false }))
      .catch(() => alive && setState({ members: [], loading: false }));
    return () => {
      alive = false;
    };
  }, [preload, count, gender, network]);
  return state;
}
