/**
 * Spec 8's login-required message above the sign-up: what the visitor tried (chat, gift, photo,
 * like) when that opened the sign-up (`signup:open` with a reason, or /signup?reason= on a phone).
 */
import { Alert, useCommonT } from '@dating/shared-kit/ui';

export const LOGIN_REASONS = ['chat', 'gift', 'photo', 'like'] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

export function asLoginReason(value: string | null | undefined): LoginReason | undefined {
  return (LOGIN_REASONS as readonly string[]).includes(value ?? '') ? (value as LoginReason) : undefined;
}

const KEYS = { chat: 'errors.loginToChat', gift: 'errors.loginToGift', photo: 'errors.loginToPhoto', like: 'errors.loginToLike' } as const;

export function LoginReasonNote({ reason }: { reason: LoginReason | undefined }) {
  const t = useCommonT();
  if (!reason) return null;
  return (
    <Alert variant="info" role="status" css={{ marginBottom: 12 }}>
      {t(KEYS[reason])}
    </Alert>
  );
}
