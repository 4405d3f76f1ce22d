/**
 * The member a member landing is built around: GET /api/member.php?id (what a visitor may see of
 * them). `missing` when the server does not show them (unknown, deleted, invisible: 404) or the id
 * is no number; then the page is the 404 page.
 */
import { useEffect, useState } from 'react';
import { api, isApiRequestError } from '@dating/shared-kit/api';
import { ZMemberResponse } from '@dating/shared-kit/contracts';
import type { MemberResponse } from '@dating/shared-kit/contracts';

export type LanderMember = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; member: MemberResponse };

export function useLanderMember(id: string | undefined): LanderMember {
  const valid = /^\d{1,12}$/.test(id ?? '');
  const [result, setResult] = useState<LanderMember>(valid ? { state: 'loading' } : { state: 'missing' });
  useEffect(() => {
    if (!valid) {
      setResult({ state: 'missing' });
      return undefined;
    }
    let alive = true;
    setResult({ state: 'loading' });
    api
      .get('/api/member.php', ZMemberResponse, { query: { id } })
      .then((member) => alive && setResult({ state: 'ready', member }))
      .catch((error: unknown) => {
        if (!alive) return;
        const status = isApiRequestError(error) ? error.status : 0;
        setResult(status === 404 || status === 400 ? { state: 'missing' } : { state: 'failed' });
      });
    return () => {
      alive = false;
    };
  }, [id, valid]);
  return result;
}
