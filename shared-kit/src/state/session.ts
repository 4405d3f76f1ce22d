import { api } from '../api/client';
import { ZMaybeUserResponse } from '../contracts/identity';
import type { User } from '../contracts/core';
import { setSession } from './atoms';

/** Load the current user (GET /api/user.php) into the session atom; returns it (null = logged out). */
export async function refreshSession(): Promise<User | null> {
  const { user } = await api.get('/api/user.php', ZMaybeUserResponse);
  setSession(user);
  return user;
}
