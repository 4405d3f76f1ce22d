/**
 * The identity calls of API.md, typed with the shared contracts. Errors are ApiRequestError with
 * the server's message already in the member's language (and `field` for form errors).
 */
import { api } from '@dating/shared-kit/api';
import {
  ZAccountUpdateResponse, ZActivationResendResponse, ZDeleteAccountResponse, ZMaybeUserResponse, ZOk, ZUserResponse,
} from '@dating/shared-kit/contracts';
import type {
  ChangeEmailRequest, ChangePasswordRequest, DeleteAccountRequest, LoginRequest, ResetPasswordDo, SignupRequest, User,
} from '@dating/shared-kit/contracts';
import { bus } from '@dating/shared-kit/bus';
import { setSession } from '@dating/shared-kit/state';

export const authApi = {
  login: (body: LoginRequest) => api.post('/api/user.php', body, ZUserResponse),
  me: () => api.get('/api/user.php', ZMaybeUserResponse),
  logout: () => api.get('/api/logout.php', ZOk),
  signup: (body: SignupRequest) => api.post('/api/signup.php', body, ZUserResponse),
  resendActivation: () => api.post('/api/activate.php', {}, ZActivationResendResponse),
  requestReset: (email: string) => api.post('/api/reset-password.php', { email }, ZOk),
  doReset: (body: ResetPasswordDo) => api.put('/api/reset-password.php', body, ZOk),
  changeEmail: (body: ChangeEmailRequest) => api.put('/api/account.php', body, ZAccountUpdateResponse),
  confirmMailChange: (token: string) => api.put('/api/account.php', { mail_change_token: token }, ZAccountUpdateResponse),
  changePassword: (body: ChangePasswordRequest) => api.put('/api/account.php', body, ZAccountUpdateResponse),
  deleteAccount: (body: DeleteAccountRequest) => api.del('/api/account.php', body, ZDeleteAccountResponse),
  reactivate: (token: string) => api.post('/api/account.php?reactivate=1', { token }, ZUserResponse),
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
