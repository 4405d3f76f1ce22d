/**
 * Passkeys (issue 26 part 4) through @simplewebauthn/server.
 *
 * - Relying party: the site of the request, as every mailed link names it (identity/mail-queue.ts
 *   linkBase: the site's own domain, never a header the client chose beyond picking the site).
 *   Each regional domain is its own RP; its origin is the expected origin.
 * - Challenges live on the server (webauthn_challenges) with an expiry of CHALLENGE_TTL_MS and are
 *   consumed by one conditional update inside the verification (used_at is null and not expired):
 *   of two verifications of one challenge at once, only one gets it.
 * - Discoverable credentials (residentKey 'required'), userVerification 'preferred': logging in
 *   asks for no e-mail; the credential id names the passkey, the passkey its owner.
 * - The passkey login makes the session exactly as the password login does (identity/service.ts):
 *   banned -> 403 account_banned, deleted (deactivated) -> 403 account_deleted, the login guard's
 *   success recorded, the language cookie, the new-browser alert (identity/new-login.ts).
 */
import crypto from 'node:crypto';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Passkey, User } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema';
import { AppError } from '../../errors';
import { addressKey, hit, rateLimited } from '../../platform/rate-limit';
import { createSession, type UserRow } from '../../platform/session';
import { currentUser, db, nameOf, noteLogin, recordAttempt, settleLanguageAtLogin, site, type Ctx } from '../identity';
import { linkBase } from '../../platform/mail-links';

// The WebAuthn library (and its X.509/ASN.1 dependencies) is loaded with the first passkey call,
// not at start (docs/performance.md "Memory").
const importWebAuthn = () => import('@simplewebauthn/server');
let webAuthn: ReturnType<typeof importWebAuthn> | undefined;
const loadWebAuthn = () => (webAuthn ??= importWebAuthn());

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** EdDSA, ES256, RS256: the library's default list would also probe the runtime for ML-DSA (an experimental Node API) */
const ALGORITHMS = [-8, -7, -257];
/** passkeys per member */
export const PASSKEYS_MAX = 20;
/** passkey logins (options + answers) per source address per window */
export const PASSKEY_LOGINS_PER_WINDOW = 30;
export const PASSKEY_LOGIN_WINDOW_MS = 15 * 60_000;

export interface RelyingParty {
  rpID: string;
  rpName: string;
  origin: string;
}

/** The relying party of the request's site: its domain and origin (see the header). */
export function relyingParty(ctx: Ctx): RelyingParty {
  const s = site(ctx);
  const origin = linkBase(s, ctx.app.config);
  return { rpID: new URL(origin).hostname, rpName: s.settings.name || s.domain, origin };
}

/** A stable, opaque WebAuthn user handle of a member (no e-mail, no id in the clear). */
function userHandle(ctx: Ctx, userId: number): Uint8Array<ArrayBuffer> {
  const digest = crypto
    .createHash('sha256')
    .update(`passkey-user:${site(ctx).id}:${userId}`)
    .digest();
  return new Uint8Array(digest.subarray(0, 32));
}

async function storeChallenge(
  tx: DbOrTx,
  ctx: Ctx,
  rp: RelyingParty,
  kind: 'register' | 'login',
  challenge: string,
  userId: number | null,
): Promise<void> {
  const now = new Date();
  // expired challenges go as new ones come (one indexed delete)
  await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await tx
    .insert(webauthnChallenges)
    .values({ challenge, kind, userId, siteId: site(ctx).id, rpId: rp.rpID, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/** Consume a challenge once: true for the one caller that gets it (unused, unexpired, this site, RP, kind and member). */
async function consumeChallenge(
  ctx: Ctx,
  rp: RelyingParty,
  kind: 'register' | 'login',
  challenge: string,
  userId: number | null,
): Promise<boolean> {
  const now = new Date();
  const rows = await db(ctx)
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.kind, kind),
        eq(webauthnChallenges.siteId, site(ctx).id),
        eq(webauthnChallenges.rpId, rp.rpID),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length === 1;
}

export function passkeyJson(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    synced: row.deviceType === 'multiDevice',
  };
}

export async function listPasskeys(ctx: Ctx, me: UserRow): Promise<Passkey[]> {
  const rows = await db(ctx).select().from(passkeys).where(eq(passkeys.userId, me.id)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(passkeyJson);
}

// ---------------------------------------------------------------------------------------------
// registration

export async function registrationOptions(ctx: Ctx, me: UserRow) {
  const rp = relyingParty(ctx);
  const existing = await db(ctx)
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, me.id));
  if (existing.length >= PASSKEYS_MAX) throw new AppError('passkey_too_many', { status: 409, params: { max: PASSKEYS_MAX } });
  const displayName = await nameOf(db(ctx), me.id);
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: me.email,
    userDisplayName: displayName || me.email,
    userID: userHandle(ctx, me.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(db(ctx), ctx, rp, 'register', options.challenge, me.id);
  return options;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function registerPasskey(ctx: Ctx, me: UserRow, name: string, response: RegistrationResponseJSON): Promise<Passkey> {
  const rp = relyingParty(ctx);
  let challengeOk: boolean | null = null;
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) => (challengeOk = await consumeChallenge(ctx, rp, 'register', challenge, me.id)),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (err) {
    ctx.req.log.info({ err: (err as Error).message }, 'passkey registration refused');
    if (challengeOk === false) throw new AppError('passkey_challenge_invalid', { status: 400, field: 'response' });
    throw new AppError('passkey_verification_failed', { status: 400, field: 'response' });
  }
  if (!verification.verified) throw new AppError('passkey_verification_failed', { status: 400, field: 'response' });
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  try {
    const row = await ctx.app.withTx(async (tx) => {
      // serialise the member's registrations: the ceiling holds under concurrent ones too
      await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
      const [n] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, me.id));
      if (Number(n?.n ?? 0) >= PASSKEYS_MAX) throw new AppError('passkey_too_many', { status: 409, params: { max: PASSKEYS_MAX } });
      const [inserted] = await tx
        .insert(passkeys)
        .values({
          userId: me.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
          rpId: rp.rpID,
          name,
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
        })
        .returning();
      return inserted;
    });
    if (!row) throw new AppError('internal', { status: 500 });
    return passkeyJson(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('passkey_exists', { status: 409, field: 'response' });
    throw err;
  }
}

export async function renamePasskey(ctx: Ctx, me: UserRow, id: number, name: string): Promise<Passkey> {
  const [row] = await db(ctx)
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)))
    .returning();
  if (!row) throw new AppError('passkey_not_found', { status: 404, field: 'id' });
  return passkeyJson(row);
}

export async function removePasskey(ctx: Ctx, me: UserRow, id: number): Promise<void> {
  const rows = await db(ctx)
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)))
    .returning({ id: passkeys.id });
  if (rows.length === 0) throw new AppError('passkey_not_found', { status: 404, field: 'id' });
}

// ---------------------------------------------------------------------------------------------
// login

async function countLoginTry(ctx: Ctx): Promise<void> {
  const now = new Date();
  const { hits, resetAt } = await hit(db(ctx), `passkey-login|addr:${addressKey(ctx.req.ip)}`, PASSKEY_LOGIN_WINDOW_MS, now);
  if (hits > PASSKEY_LOGINS_PER_WINDOW) throw rateLimited(resetAt, now, 'passkey_login_too_many');
}

export async function loginOptions(ctx: Ctx) {
  await countLoginTry(ctx);
  const rp = relyingParty(ctx);
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'preferred',
    allowCredentials: [],
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(db(ctx), ctx, rp, 'login', options.challenge, null);
  return options;
}

export async function loginWithPasskey(ctx: Ctx, response: AuthenticationResponseJSON): Promise<User> {
  await countLoginTry(ctx);
  const rp = relyingParty(ctx);
  const s = site(ctx);
  const [found] = await db(ctx)
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), eq(users.siteId, s.id), eq(passkeys.rpId, rp.rpID)))
    .limit(1);
  // an unknown passkey says so (the browser offered one this site does not know: removed here)
  if (!found) throw new AppError('passkey_unknown', { status: 401, field: 'response' });
  const { passkey, user } = found;
  let challengeOk: boolean | null = null;
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) => (challengeOk = await consumeChallenge(ctx, rp, 'login', challenge, null)),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch (err) {
    ctx.req.log.info({ err: (err as Error).message }, 'passkey login refused');
    if (challengeOk === false) throw new AppError('passkey_challenge_invalid', { status: 400, field: 'response' });
    throw new AppError('passkey_verification_failed', { status: 401, field: 'response' });
  }
  if (!verification.verified) throw new AppError('passkey_verification_failed', { status: 401, field: 'response' });
  // the same account rules as the password login
  if (user.status === 'disabled') throw new AppError('account_banned', { status: 403 });
  if (user.status === 'deleted') throw new AppError('account_deleted', { status: 403 });
  await db(ctx)
    .update(passkeys)
    .set({
      counter: verification.authenticationInfo.newCounter,
      lastUsedAt: new Date(),
      backedUp: verification.authenticationInfo.credentialBackedUp,
    })
    .where(eq(passkeys.id, passkey.id));
  await recordAttempt(db(ctx), { siteId: s.id, email: user.email, ip: ctx.req.ip }, true);
  await createSession(ctx.reply, user.id);
  await settleLanguageAtLogin(ctx, user);
  await noteLogin(ctx, user);
  return currentUser(ctx, user.id);
}
