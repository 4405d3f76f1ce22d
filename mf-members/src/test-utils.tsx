/**
 * Test helpers: a logged-in member, and shared-kit's routed render (`renderAt`) and in-process
 * HTTP answerer (`serve`, installed as `fetch`, so the real api client runs unchanged).
 */
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import type { User } from '@dating/shared-kit/contracts';

export { must, renderAt, serve } from '@dating/shared-kit/testing';
export type { Call, Handler } from '@dating/shared-kit/testing';

export function loginAs(overrides: Partial<User> = {}): User {
  const user = makeUser(overrides);
  setSession(user);
  store.set(settingsAtom, makeSettings({ fictional_icon: '/static/fictional.svg', fictional_warning: 'Dit profiel is fictief' }));
  return user;
}
