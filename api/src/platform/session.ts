/**
 * Login sessions. The cookie `sid` carries a random 32-byte token (base64url); the database keeps
 * only its sha256 hash, so a leaked table cannot be replayed. HttpOnly, SameSite=Lax, Secure when
 * the request came over HTTPS, 30 days. A preHandler-style hook (`loadSession`)
 * sets `req.user` to the users row or null.
 */
import crypto from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { prepared } from '../db/prepared';
import { forgetTokenEverywhere, forgetUserEverywhere } from './session-cache';
import type { CachedSession } from './session-cache';
import { sessions, users } from '../db/schema';
import { AppError } from '../errors';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** refresh last_seen_at at most this often per session */
const TOUCH_MS = 5 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

export function hashToken(token: string): string {
  // the one-shot hash: every request with a cookie hashes its token, and a Hash object costs twice as much
  return crypto.hash('sha256', token, 'hex');
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** HTTPS as seen by the client (X-Forwarded-Proto counts when TRUST_PROXY is on). */
function isSecure(req: FastifyRequest): boolean {
  return req.protocol === 'https';
}

export function sessionCookieOptions(req: FastifyRequest, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(req),
    maxAge: maxAgeSeconds,
  };
}

/**
 * Create a session for `userId`, set the cookie on `reply`. Any session the request already had
 * is revoked first (a new token at every login: no session fixation).
 */
export async function createSession(reply: FastifyReply, userId: number): Promise<{ id: number; token: string }> {
  const req = reply.request;
  const db = req.server.db;
  if (req.sessionId) await db.delete(sessions).where(eq(sessions.id, req.sessionId));
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_MS),
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new AppError('internal');
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(req, SESSION_MS / 1000));
  req.sessionId = row.id;
  return { id: row.id, token };
}

/** Revoke the request's session (logout) and clear the cookie. */
export async function revokeSession(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.sessionId) await req.server.db.delete(sessions).where(eq(sessions.id, req.sessionId));
  const token = req.cookies[SESSION_COOKIE];
  if (token) forgetTokenEverywhere(hashToken(token));
  req.sessionId = null;
  req.user = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Revoke every session of a user (password change, deletion), optionally keeping one. */
export async function revokeAllSessions(db: DbOrTx, userId: number, exceptSessionId?: number | null): Promise<void> {
  forgetUserEverywhere(userId);
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

/** The session and its user by token hash: one indexed lookup, a prepared statement. */
function sessionLookup(db: Db) {
  return prepared(db, 'session_user', (d) =>
    d
      .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql`now()`)))
      .limit(1)
      .prepare('session_user'),
  );
}

/**
 * Sets req.user / req.sessionId from the `sid` cookie. Expired or unknown tokens -> null.
 * app.ts calls it for /api/* and /dev/* requests, except on routes declared with
 * `config: { session: false }` (public reads such as settings.php, which then cost no query).
 * A session seen in the last few seconds comes from the in-process cache (session-cache.ts): no
 * query at all; else one prepared lookup, whose answer the cache keeps.
 */
export async function loadSession(req: FastifyRequest): Promise<void> {
  req.user = null;
  req.sessionId = null;
  req.bannedSession = false;
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return;
  const { db, sessionCache } = req.server;
  const tokenHash = hashToken(token);
  const now = new Date();
  let session: CachedSession | undefined = sessionCache.get(tokenHash, now.getTime());
  if (!session) {
    const generation = sessionCache.begin();
    session = (await sessionLookup(db).execute({ hash: tokenHash }))[0];
    if (!session) return;
    sessionCache.store(tokenHash, session, generation);
  }
  if (session.user.status === 'disabled') {
    // a banned member's session logs nobody in; requireUser says why (account_banned)
    req.bannedSession = true;
    return;
  }
  req.user = session.user;
  req.sessionId = session.sessionId;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_MS) {
    session.lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.sessionId));
  }
}

/**
 * A banned member's session gets 403 `account_banned` (with `authentication_required`) from every
 * call that loads the session, never a visitor's answer (issue 25 item 5: GET /api/user.php was
 * `{user:null}`, members.php and credits.php answered as to a visitor). Exempt: routes declared
 * `bannedSession: true` (logging in as someone else, logging out: what a shared browser needs),
 * and the public routes without a session lookup (`session: false`: settings.php, ban.php, whose
 * answers never depend on who asks, and which the ban page itself needs).
 */
export function refuseBannedSession(req: FastifyRequest): void {
  if (req.bannedSession && req.routeOptions.config?.bannedSession !== true) requireUser(req);
}

/**
 * Whether the `sid` cookie is a live session of a disabled (banned) member. Such a session logs
 * nobody in (loadSession ignores it); only GET /api/ban.php asks, to show its owner the notice.
 */
export async function isBannedSession(req: FastifyRequest): Promise<boolean> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return false;
  const [session] = await sessionLookup(req.server.db).execute({ hash: hashToken(token) });
  return session?.user.status === 'disabled';
}

/**
 * The logged-in user, or a 403 `{error:'authentication_required', authentication_required:true}`;
 * for the session of a banned member `{error:'account_banned', authentication_required:true}`, so
 * the client both logs out and shows the ban page (issue 15).
 */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user && req.bannedSession) throw new AppError('account_banned', { status: 403, extra: { authentication_required: true } });
  if (!req.user) throw new AppError('authentication_required', { status: 403, extra: { authentication_required: true } });
  return req.user;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by loadSession: the cookie is a live session of a banned (disabled) member */
    bannedSession?: boolean;
  }
  interface FastifyContextConfig {
    /** true: answered to a banned member's session too (login, logout); else 403 account_banned */
    bannedSession?: boolean;
  }
}
