/**
 * Push state (capable, subscribed, denied, unknown) and the browser side of Web Push:
 *   - `syncPush(publicKey)` at start for a logged-in member: reads the permission and an existing
 *     subscription (and hands that to the server again, so a subscription the server dropped or
 *     one made under other keys is renewed);
 *   - `enablePush(publicKey)` from the push alert's button: asks the permission, subscribes
 *     through the service worker at /sw-push.js and stores the subscription with
 *     POST /api/user.php?push=1. A refused permission is recorded as denied.
 * While subscribed, the periodic refresh waits 300 s instead of 60 s (`isPushSubscribed`).
 * Push is available (`capable`) only with a service worker, PushManager, Notification, a secure
 * context and the site's push_public_key.
 */
import { atom, useAtomValue } from 'jotai';
import type { PrimitiveAtom } from 'jotai';
import { api } from '../api/client';
import { ZOk } from '../contracts/core';
import { store } from './atoms';

export interface PushState {
  /** the browser can receive pushes from this site */
  capable: boolean;
  subscribed: boolean;
  /** the member refused the permission (the browser keeps it refused) */
  denied: boolean;
  /** not looked at yet */
  unknown: boolean;
}

declare global {
  var __datingPushState__: PrimitiveAtom<PushState> | undefined;
}

/** one atom however many copies of this module a page loads (as atoms.ts does with its registry) */
globalThis.__datingPushState__ ??= atom<PushState>({ capable: false, subscribed: false, denied: false, unknown: true });
export const pushStateAtom = globalThis.__datingPushState__;

export const PUSH_WORKER_URL = '/sw-push.js';

export function isPushSubscribed(): boolean {
  return store.get(pushStateAtom).subscribed;
}

function setPushState(next: Omit<PushState, 'unknown'>): PushState {
  const state = { ...next, unknown: false };
  store.set(pushStateAtom, state);
  return state;
}

export function pushCapable(publicKey: string | null | undefined, win: Window & typeof globalThis = window): boolean {
  return Boolean(
    publicKey &&
    win.isSecureContext &&
    'serviceWorker' in win.navigator &&
    typeof win.PushManager === 'function' &&
    typeof win.Notification === 'function',
  );
}

/** base64url (the VAPID public key) -> bytes, as PushManager.subscribe wants it */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(sub: PushSubscription, publicKey: string): boolean {
  const current = sub.options?.applicationServerKey;
  if (!current) return true;
  const a = new Uint8Array(current);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

async function storeSubscription(sub: PushSubscription): Promise<void> {
  await api.post('/api/user.php?push=1', { subscription: sub.toJSON() }, ZOk);
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ?? navigator.serviceWorker.register(PUSH_WORKER_URL);
}

/** Look at the permission and an existing subscription (start-up of a logged-in page). */
export async function syncPush(publicKey: string | null | undefined): Promise<PushState> {
  if (!pushCapable(publicKey)) return setPushState({ capable: false, subscribed: false, denied: false });
  const permission = Notification.permission;
  if (permission === 'denied') return setPushState({ capable: true, subscribed: false, denied: true });
  if (permission !== 'granted') return setPushState({ capable: true, subscribed: false, denied: false });
  try {
    const reg = await navigator.serviceWorker.getRegistration('/');
    let sub = (await reg?.pushManager.getSubscription()) ?? null;
    if (sub && !sameKey(sub, publicKey as string)) {
      await sub.unsubscribe();
      sub = null;
    }
    // permission given earlier but no subscription (keys changed, browser dropped it): subscribe again
    if (!sub) return setPushState({ capable: true, subscribed: (await enablePush(publicKey)) === 'subscribed', denied: false });
    await storeSubscription(sub);
    return setPushState({ capable: true, subscribed: true, denied: false });
  } catch (error) {
    console.warn('[push] the subscription could not be checked', error);
    return setPushState({ capable: true, subscribed: false, denied: false });
  }
}

export type EnablePushResult = 'subscribed' | 'denied' | 'dismissed' | 'failed' | 'unsupported';

/** Ask the permission, subscribe and store the subscription on the server. */
export async function enablePush(publicKey: string | null | undefined): Promise<EnablePushResult> {
  if (!pushCapable(publicKey)) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') {
    setPushState({ capable: true, subscribed: false, denied: true });
    return 'denied';
  }
  if (permission !== 'granted') return 'dismissed';
  try {
    const reg = await registration();
    await navigator.serviceWorker.ready;
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey as string) }));
    await storeSubscription(sub);
    setPushState({ capable: true, subscribed: true, denied: false });
    return 'subscribed';
  } catch (error) {
    console.warn('[push] subscribing failed', error);
    setPushState({ capable: true, subscribed: false, denied: false });
    return 'failed';
  }
}

/**
 * Logged out: this browser's subscription is dropped, so a shared device gets no more pushes of the
 * member (the push service then answers 410 to the server, which forgets the subscription).
 */
export async function disablePush(): Promise<void> {
  const state = store.get(pushStateAtom);
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = await reg?.pushManager?.getSubscription();
    await sub?.unsubscribe();
  } catch (error) {
    console.warn('[push] unsubscribing failed', error);
  } finally {
    if (state.subscribed) store.set(pushStateAtom, { ...state, subscribed: false });
  }
}

/** The push state, re-rendering on change (the one store, as hooks.ts). */
export function usePushState(): PushState {
  return useAtomValue(pushStateAtom, { store });
}
