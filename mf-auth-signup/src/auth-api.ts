/**
 * The identity calls, typed with the shared contracts. Errors are ApiRequestError with
 * the server's message already in the member's language (and `field` for form errors).
 */
import { api } from '@dating/shared-kit/api';
import {
  ZAccountUpdateResponse,
  ZActivationResendResponse,
  ZDeleteAccountResponse,
  ZMaybeUserResponse,
  ZOk,
  ZUserResponse,
} from '@dating/shared-kit/contracts';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  LoginRequest,
  ResetPasswordDo,
  SignupRequest,
  User,
} from '@dating/shared-kit/contracts';
import { bus } from '@dating/shared-kit/bus';
import { setSession } from '@dating/shared-kit/state';

/**
 * Calls that change state and must reach the server at most once: the client would retry a PUT or
 * DELETE after a 5xx or a lost answer, and a second run answers a false error (the reset or
 * mail-change token was already used, the old password already changed, the account already
 * deleted) or mails twice. POSTs are never retried by the client; they say so here too.
 */
export const ONCE = { retries: 0 } as const;

export const authApi = {
  login: (body: LoginRequest) => api.post('/api/user.php', body, ZUserResponse, ONCE),
  me: () => api.get('/api/user.php', ZMaybeUserResponse),
  logout: () => api.get('/api/logout.php', ZOk),
  signup: (body: SignupRequest) => api.post('/api/signup.php', body, ZUserResponse, ONCE),
  resendActivation: () => api.post('/api/activate.php', {}, ZActivationResendResponse, ONCE),
  requestReset: (email: string) => api.post('/api/reset-password.php', { email }, ZOk, ONCE),
  doReset: (body: ResetPasswordDo) => api.put('/api/reset-password.php', body, ZOk, ONCE),
  changeEmail: (body: ChangeEmailRequest) => api.put('/api/account.php', body, ZAccountUpdateResponse, ONCE),
  confirmMailChange: (token: string) => api.put('/api/account.php', { mail_change_token: token }, ZAccountUpdateResponse, ONCE),
  changePassword: (body: ChangePasswordRequest) => api.put('/api/account.php', body, ZAccountUpdateResponse, ONCE),
  deleteAccount: (body: DeleteAccountRequest) => api.del('/api/account.php', body, ZDeleteAccountResponse, ONCE),
  reactivate: (token: string) => api.post('/api/account.php?reactivate=1', { token }, ZUserResponse, ONCE),
};

/** After login / sign-up / reactivation: the one session atom and the bus learn about it. */
export function announceLogin(user: User): void {
  setSession(user);
  bus.emit('auth:logged-in', { user });
}

export function announceUser(user: User): void {
  setSession(user);
  bus.emit('user:updated', { user });
}

export function announceLogout(): void {
  setSession(null);
  bus.emit('auth:logged-out', {});
}
