/**
 * The sign-up draft: every field except the password is kept in sessionStorage (survives a reload,
 * gone when the tab closes). The password is deliberately never written to web storage: any
 * script on the origin could read it there.
 */
import { readJson, removeItem, writeJson } from '../storage';
import { STEP_COUNT } from './signup-values';
import type { SignupValues } from './signup-values';

export const DRAFT_KEY = 'auth:signup-draft';

export interface SignupDraft {
  step: number;
  values: Omit<SignupValues, 'password'>;
}

export function loadDraft(): SignupDraft | null {
  const d = readJson<SignupDraft>('session', DRAFT_KEY);
  if (!d || typeof d !== 'object' || typeof d.step !== 'number' || !d.values) return null;
  return { step: Math.min(Math.max(0, Math.floor(d.step)), STEP_COUNT - 1), values: d.values };
}

export function saveDraft(step: number, values: SignupValues): void {
  const { password: _password, ...rest } = values;
  writeJson('session', DRAFT_KEY, { step, values: rest });
}

export function clearDraft(): void {
  removeItem('session', DRAFT_KEY);
}
