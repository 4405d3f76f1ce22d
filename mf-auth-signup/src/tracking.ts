/**
 * Tracking data from the landing URL (network, ref, sub1-3). Captured on the first page
 * that carries any of them and kept for the browser session, so a visitor who lands on
 * /landers/video?network=x&sub1=y and signs up three pages later still has them sent with the
 * sign-up (the server keeps them with the account).
 */
import { TRACKING_KEYS, ZTracking } from '@dating/shared-kit/contracts';
import type { Tracking } from '@dating/shared-kit/contracts';
import { readJson, writeJson } from './storage';

const KEY = 'auth:tracking';

export function captureTracking(search: string = globalThis.location?.search ?? ''): Tracking | null {
  const params = new URLSearchParams(search);
  const found: Record<string, string> = {};
  for (const key of TRACKING_KEYS) {
    const value = params.get(key)?.slice(0, 100);
    // a value the contract refuses is left out on its own; the other keys still count
    if (value && ZTracking.shape[key].safeParse(value).success) found[key] = value;
  }
  if (Object.keys(found).length === 0) return loadTracking();
  const parsed = ZTracking.safeParse(found);
  if (!parsed.success) return loadTracking();
  writeJson('session', KEY, parsed.data);
  return parsed.data;
}

export function loadTracking(): Tracking | null {
  const stored = readJson<unknown>('session', KEY);
  const parsed = ZTracking.safeParse(stored);
  return parsed.success && Object.keys(parsed.data).length ? parsed.data : null;
}

const INVITE_KEY = 'auth:invite';

/** An invitation code from the URL (?invite=...), kept for the session (invite-only sites). */
export function captureInvite(search: string = globalThis.location?.search ?? ''): string | null {
  const code = new URLSearchParams(search).get('invite');
  if (code && /^[A-Za-z0-9_-]{1,100}$/.test(code)) {
    writeJson('session', INVITE_KEY, code);
    return code;
  }
  const stored = readJson<unknown>('session', INVITE_KEY);
  return typeof stored === 'string' ? stored : null;
}
