/**
 * The member a member landing is built around: GET /api/member.php?id (what a visitor may see of
 * them), or the one the server inlined into the light lander page. `missing` when the server does
 * not show them (unknown, deleted, invisible: 404) or the id is no number; then the page is the
 * 404 page.
 */
import { useEffect, useState } from 'react';
import type { MemberResponse } from '@dating/shared-kit/contracts';
import { useLanderPreload } from '../common/preload';

export type LanderMember = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; member: MemberResponse };

export function useLanderMember(id: string | undefined): LanderMember {
  const preloaded = useLanderPreload()?.member;
  const valid = /^\d{1,12}$/.test(id ?? '');
  const [result, setResult] = useState<LanderMember>(() =>
    preloaded && String(preloaded.profile.id) === id
      ? { state: 'ready', member: preloaded }
      : valid
        ? { state: 'loading' }
        : { state: 'missing' },
  );
  useEffect(() => {
    if (preloaded && String(preloaded.profile.id) === id) return undefined;
    if (!valid || !id) {
      setResult({ state: 'missing' });
      return undefined;
    }
    let alive = true;
    setResult({ state: 'loading' });
    import('../common/fetch')
      .then(({ fetchMember }) => fetchMember(id))
      .then((member) => alive && setResult(member === 'missing' ? { state: 'missing' } : { state: 'ready', member }))
      .catch(() => alive && setResult({ state: 'failed' }));
    return () => {
      alive = false;
    };
  }, [id, valid, preloaded]);
  return result;
}
