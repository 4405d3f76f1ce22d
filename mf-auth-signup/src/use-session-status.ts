import { useAtomValue } from 'jotai';
import { sessionStatusAtom, store } from '@dating/shared-kit/state';

/** 'unknown' until the shell has loaded the session once: pages wait instead of asking to log in. */
export function useSessionStatus(): 'unknown' | 'ready' {
  return useAtomValue(sessionStatusAtom, { store });
}
