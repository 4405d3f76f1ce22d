/**
 * Demo members for a lander: the public member search (GET /api/members.php, what a visitor may
 * see on this site; the lander's `network` is sent along for sites that open the search to
 * visitors from a traffic source). Members with a photo first. A refused or failed search leaves
 * the lander without members, never broken.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '@dating/shared-kit/api';
import { ZMemberSearchResponse } from '@dating/shared-kit/contracts';
import type { Gender, Profile } from '@dating/shared-kit/contracts';

export interface LanderMembers {
  members: Profile[];
  loading: boolean;
}

export function useLanderMembers(count: number, gender?: Gender): LanderMembers {
  const { search } = useLocation();
  const network = new URLSearchParams(search).get('network') ?? undefined;
  const [state, setState] = useState<LanderMembers>({ members: [], loading: true });
  useEffect(() => {
    let alive = true;
    api
      .get('/api/members.php', ZMemberSearchResponse, { query: { gender, network } })
      .then((answer) => {
        const all = [...answer.results, ...answer.similar.results];
        const seen = new Set<number>();
        const unique = all.filter((p) => !seen.has(p.id) && seen.add(p.id));
        const withPhoto = [...unique.filter((p) => p.main_image), ...unique.filter((p) => !p.main_image)];
        if (alive) setState({ members: withPhoto.slice(0, count), loading: false });
      })
      .catch(() => {
        if (alive) setState({ members: [], loading: false });
      });
    return () => {
      alive = false;
    };
  }, [count, gender, network]);
  return state;
}
