/**
 * Identity: sign-up, login, activation, password reset, e-mail and password change. Deletion and
 * reactivation are in account.ts, the account mails (queueing, delivery, link base) in
 * mail-queue.ts. Routes (routes.ts) parse the input with the shared contracts and call these.
 *
 * Every change that also mails is one transaction that writes the rows AND queues the mail in
 * the outbox; the mail is delivered only after commit (platform/mail.ts), so a failed request
 * leaves no half-created account and no mail, and a mail is never delivered twice.
 */
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SignupData, Tracking, User } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { profiles, signupInvites, signupMessages, users } from '../../db/schema';
import { AppError } from '../../errors';
import { isLang, toLang } from '../../i18n';
import type { Lang } from '../../i18n';
import { changeCredits } from '../../platform/credits';
import { addressKey, hit, rateLimited } from '../../platform/rate-limit';
import { createSession, revokeAllSessions } from '../../platform/session';
import { ACCOUNT_LANGUAGE_HEADER } from '../../platform/request-hooks';
import { regionOfCountry } from '../sites';
import { clearFailures, isKnownSource, lockRemainingMs, recordAttempt, SLOW_SECONDS } from './login-guard';
import { activationLink, baseUrl, db, deliver, nameOf, queueFor, site, type Ctx } from './mail-queue';
import { loadUser, type UserRow } from './serialize-user';
import { consumeToken, findToken, issueToken, revokeTokens, TOKEN_TTL_MS, tokensSince } from './tokens';
import { notifyReleased } from '../notifications';
import { noteLogin } from './new-login';

export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;
/**
 * Password-reset mails per 24 h: RESET_MAILS_PER_ADDRESS for one account from one requester
 * address, and RESET_MAILS_PER_ACCOUNT for one account from all addresses the owner never logged
 * in from (a stranger cannot use up the owner's quota: the owner's own address has its own count,
 * and an address they logged in from is not held by the account's ceiling).
 */
export const RESET_MAILS_PER_ADDRESS = 3;
export const RESET_MAILS_PER_ACCOUNT = 10;
const DAY_MS = 86_400_000;
/** mail-change requests (each mails the new address) per 24 h */
export const MAIL_CHANGES_PER_DAY = 3;
/** activation mails: at most one per this many minutes, and ACTIVATION_MAILS_PER_DAY per 24 h */
export const ACTIVATION_INTERVAL_MIN = 2;
export const ACTIVATION_MAILS_PER_DAY = 5;

/** A valid argon2id hash of a random password: verified against when the e-mail is unknown, so
 *  the answer takes as long as for a known address (no timing oracle). */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hash(`dummy-${Math.random()}`));

export const hashPassword = (password: string) => hash(password);
export async function checkPassword(hashed: string, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * Set by the page when a visitor picks a language with the switcher (shared-kit i18n setLanguage):
 * at log-in that choice is what the member just said they want, and goes to the account.
 */
export const LANG_CHOSEN_COOKIE = 'lang_chosen';

/**
 * At log-in: the language the visitor chose on this device before logging in (the lang cookie with
 * LANG_CHOSEN_COOKIE) is stored on the account; otherwise the account's language becomes the
 * device's. One language from then on: the account's.
 */
export async function settleLanguageAtLogin(ctx: Ctx, user: { id: number; language: string | null }): Promise<void> {
  const chosen = ctx.req.cookies[LANG_CHOSEN_COOKIE] === '1' ? toLang(ctx.req.cookies[LANG_COOKIE]) : undefined;
  if (chosen) {
    if (chosen !== user.language) await db(ctx).update(users).set({ language: chosen }).where(eq(users.id, user.id));
    ctx.reply.clearCookie(LANG_CHOSEN_COOKIE, { path: '/' });
    setLangCookie(ctx, chosen);
  } else if (isLang(user.language)) {
    setLangCookie(ctx, user.language);
  }
}

export function setLangCookie(ctx: Ctx, lang: Lang): void {
  ctx.reply.setCookie(LANG_COOKIE, lang, {
    path: '/',
    sameSite: 'lax',
    maxAge: LANG_COOKIE_DAYS * 86_400,
    secure: ctx.req.protocol === 'https',
  });
}

export async function currentUser(ctx: Ctx, userId: number): Promise<User> {
  const user = await loadUser(db(ctx), userId, site(ctx));
  if (!user) throw new AppError('internal', { status: 500 });
  return user;
}

async function findByEmail(tx: DbOrTx, siteId: number, email: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

// ---------------------------------------------------------------------------------------------
// sign-up

function hasTrafficSource(tracking: Tracking | undefined): boolean {
  return Boolean(tracking && (tracking.network || tracking.ref));
}

export async function signup(ctx: Ctx, data: SignupData): Promise<User> {
  const s = site(ctx);
  const region = regionOfCountry(data.country, data.region);
  const mode = s.settings.signups;
  if (mode === 'with_trafficsource' && !hasTrafficSource(data.tracking)) {
    throw new AppError('signups_trafficsource_required', { status: 403 });
  }
  if (mode === 'invite_only' && !data.invite) throw new AppError('signups_invite_only', { status: 403, field: 'invite' });
  if (await findByEmail(db(ctx), s.id, data.email)) throw new AppError('email_in_use', { status: 409, field: 'email' });

  const passwordHash = await hashPassword(data.password);
  const language: Lang = data.language ?? ctx.req.lang;
  const tracking = data.tracking ? Object.fromEntries(Object.entries(data.tracking).filter(([, v]) => v)) : null;

  let mailIds: number[] = [];
  let userId: number;
  try {
    ({ userId, mailIds } = await ctx.app.withTx(async (tx) => {
      if (mode === 'invite_only') {
        const [invite] = await tx
          .update(signupInvites)
          .set({ usedAt: new Date() })
          .where(and(eq(signupInvites.code, data.invite ?? ''), eq(signupInvites.siteId, s.id), isNull(signupInvites.usedAt)))
          .returning();
        if (!invite) throw new AppError('signups_invite_only', { status: 403, field: 'invite' });
      }
      const [u] = await tx
        .insert(users)
        .values({
          siteId: s.id,
          email: data.email,
          passwordHash,
          language,
          status: 'not_confirmed',
          emailConfirmed: false,
          tracking: tracking && Object.keys(tracking).length ? tracking : null,
        })
        .returning();
      if (!u) throw new AppError('internal', { status: 500 });
      await tx.insert(profiles).values({
        userId: u.id,
        siteId: s.id,
        name: data.name,
        gender: data.gender,
        sexuality: data.sexuality ?? null,
        dateOfBirth: data.date_of_birth,
        country: data.country,
        region,
        city: data.city ?? null,
      });
      if (mode === 'invite_only') {
        await tx
          .update(signupInvites)
          .set({ usedBy: u.id })
          .where(eq(signupInvites.code, data.invite ?? ''));
      }
      // the site's welcome credits, with their ledger row, in the same transaction as the account
      const bonus = Math.trunc(s.settings.signup_credits ?? 0);
      if (bonus > 0) await changeCredits(tx, u.id, bonus, 'signup_bonus');
      if (data.signup_message) {
        let toUserId: number | null = null;
        if (data.message_to) {
          const [target] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, data.message_to), eq(users.siteId, s.id)))
            .limit(1);
          toUserId = target?.id ?? null;
        }
        await tx.insert(signupMessages).values({ userId: u.id, toUserId, body: data.signup_message });
      }
      const { token } = await issueToken(tx, u.id, 'activation');
      const id = await queueFor(
        tx,
        ctx,
        'activation',
        u.email,
        u,
        data.name,
        activationLink(ctx, token),
        TOKEN_TTL_MS.activation / 3600_000,
      );
      return { userId: u.id, mailIds: [id] };
    }));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('email_in_use', { status: 409, field: 'email' });
    throw err;
  }
  await createSession(ctx.reply, userId);
  setLangCookie(ctx, language);
  await deliver(ctx, mailIds);
  return currentUser(ctx, userId);
}

// ---------------------------------------------------------------------------------------------
// login

/** 429 login_locked: whole minutes in the text (at least 1), the seconds in Retry-After. */
function loginLocked(ms: number): AppError {
  return new AppError('login_locked', {
    status: 429,
    minutes: Math.max(1, Math.ceil(ms / 60_000)),
    extra: { retry_after: Math.max(1, Math.ceil(ms / 1000)) },
  });
}

export async function login(ctx: Ctx, email: string, password: string): Promise<User> {
  const s = site(ctx);
  const key = { siteId: s.id, email, ip: ctx.req.ip };
  const locked = await lockRemainingMs(db(ctx), key);
  if (locked > 0) throw loginLocked(locked);

  const user = await findByEmail(db(ctx), s.id, email);
  const ok = user
    ? await checkPassword(user.passwordHash, password)
    : (await verify(await getDummyHash(), password).catch(() => false), false);
  // a banned member who knows the password is told so (and where the ban policy is); nobody
  // else learns anything: a wrong password answers as for an unknown address
  if (user && ok && user.status === 'disabled') throw new AppError('account_banned', { status: 403 });
  if (!user || !ok) {
    await recordAttempt(db(ctx), key, false);
    // the failure that locks this source says so; a slowed-down source hears the plain failure first
    const nowLocked = await lockRemainingMs(db(ctx), key);
    if (nowLocked > SLOW_SECONDS * 1000) throw loginLocked(nowLocked);
    throw new AppError('login_failed', { status: 401 });
  }
  if (user.status === 'deleted') throw new AppError('account_deleted', { status: 403 });
  await recordAttempt(db(ctx), key, true);
  await createSession(ctx.reply, user.id);
  await settleLanguageAtLogin(ctx, user);
  // a browser this account has not used before: the member hears of it (new-login.ts)
  await noteLogin(ctx, user);
  return currentUser(ctx, user.id);
}

export async function setLanguage(ctx: Ctx, language: Lang): Promise<User | null> {
  setLangCookie(ctx, language);
  const me = ctx.req.user;
  if (!me) return null;
  await db(ctx).update(users).set({ language }).where(eq(users.id, me.id));
  // this answer already speaks for the new language (the session loaded before says the old one)
  ctx.reply.header(ACCOUNT_LANGUAGE_HEADER, language);
  return currentUser(ctx, me.id);
}

// ---------------------------------------------------------------------------------------------
// activation

/**
 * What a click on an activation link did: `confirmed` (this click confirmed the address),
 * `already_confirmed` (a known activation link, used or expired, of a member whose address is
 * confirmed: a second click on the mailed link) or `invalid` (unknown, or not confirmable).
 */
export type ActivationOutcome = 'confirmed' | 'already_confirmed' | 'invalid';

/** GET /api/activate.php?token */
export async function activate(ctx: Ctx, token: string): Promise<ActivationOutcome> {
  let confirmedId: number | null = null;
  const outcome = await ctx.app.withTx(async (tx): Promise<ActivationOutcome> => {
    const row = await consumeToken(tx, token, 'activation');
    if (!row) {
      // a reused (or later expired) link: only its owner has it, so saying "already confirmed"
      // tells nobody anything new; a random token finds no row
      const known = await findToken(tx, token, 'activation');
      if (!known) return 'invalid';
      const [u] = await tx
        .select({ status: users.status, emailConfirmed: users.emailConfirmed })
        .from(users)
        .where(eq(users.id, known.userId))
        .limit(1);
      return u && u.emailConfirmed && u.status !== 'deleted' && u.status !== 'disabled' ? 'already_confirmed' : 'invalid';
    }
    const [u] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!u || u.status === 'deleted' || u.status === 'disabled') return 'invalid';
    await tx
      .update(users)
      .set({ emailConfirmed: true, status: u.status === 'not_confirmed' ? 'active' : u.status })
      .where(eq(users.id, u.id));
    await revokeTokens(tx, u.id, 'activation');
    confirmedId = u.id;
    return 'confirmed' as const;
  });
  // what was held while the address was unconfirmed reaches the other side now: tell them (jobs)
  if (outcome === 'confirmed' && confirmedId !== null) await notifyReleased(ctx.app, confirmedId);
  return outcome;
}

export async function resendActivation(ctx: Ctx, me: UserRow): Promise<void> {
  if (me.emailConfirmed) throw new AppError('already_confirmed', { status: 409 });
  const now = new Date();
  const ids = await ctx.app.withTx(async (tx) => {
    // serialise concurrent requests of one member (no mail sent twice)
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
    const { n, last } = await tokensSince(tx, me.id, 'activation', new Date(now.getTime() - 86_400_000));
    if (last && now.getTime() - last.getTime() < ACTIVATION_INTERVAL_MIN * 60_000) {
      const minutes = Math.max(1, Math.ceil((last.getTime() + ACTIVATION_INTERVAL_MIN * 60_000 - now.getTime()) / 60_000));
      throw new AppError('activation_too_many', { status: 429, minutes });
    }
    if (n >= ACTIVATION_MAILS_PER_DAY) {
      const minutes = Math.max(1, Math.ceil(((last?.getTime() ?? now.getTime()) + 86_400_000 - now.getTime()) / 60_000));
      throw new AppError('activation_too_many', { status: 429, minutes });
    }
    const name = await nameOf(tx, me.id);
    const { token } = await issueToken(tx, me.id, 'activation', { now });
    return [await queueFor(tx, ctx, 'activation', me.email, me, name, activationLink(ctx, token), TOKEN_TTL_MS.activation / 3600_000)];
  });
  await deliver(ctx, ids);
}

// ---------------------------------------------------------------------------------------------
// password reset

export async function requestReset(ctx: Ctx, email: string): Promise<void> {
  const s = site(ctx);
  const now = new Date();
  const ids = await ctx.app.withTx(async (tx) => {
    const user = await findByEmail(tx, s.id, email);
    if (!user || user.status === 'deleted' || user.status === 'disabled')
      throw new AppError('email_not_found', { status: 404, field: 'email' });
    // counted in this transaction: a request refused here (or failing later) does not count
    const perAddress = await hit(tx, `reset|account:${user.id}|addr:${addressKey(ctx.req.ip)}`, DAY_MS, now);
    if (perAddress.hits > RESET_MAILS_PER_ADDRESS) throw rateLimited(perAddress.resetAt, now, 'reset_too_many');
    if (!(await isKnownSource(tx, { siteId: s.id, email: user.email, ip: ctx.req.ip }, now))) {
      const perAccount = await hit(tx, `reset|account:${user.id}`, DAY_MS, now);
      if (perAccount.hits > RESET_MAILS_PER_ACCOUNT) throw rateLimited(perAccount.resetAt, now, 'reset_too_many');
    }
    const name = await nameOf(tx, user.id);
    const { token } = await issueToken(tx, user.id, 'reset', { now });
    const link = `${baseUrl(ctx)}/reset-password/do?token=${token}`;
    return [await queueFor(tx, ctx, 'reset', user.email, user, name, link, TOKEN_TTL_MS.reset / 3600_000)];
  });
  await deliver(ctx, ids);
}

export async function doReset(ctx: Ctx, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.app.withTx(async (tx) => {
    const row = await consumeToken(tx, token, 'reset');
    if (!row) throw new AppError('reset_link_invalid', { status: 400, field: 'token' });
    const [u] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!u || u.status === 'deleted' || u.status === 'disabled') throw new AppError('reset_link_invalid', { status: 400, field: 'token' });
    // the link proved control of the mailbox: the address is confirmed too
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmed: true, status: u.status === 'not_confirmed' ? 'active' : u.status })
      .where(eq(users.id, u.id));
    await revokeTokens(tx, u.id, 'reset');
    await revokeAllSessions(tx, u.id);
    await clearFailures(tx, u.siteId, u.email);
  });
}

// ---------------------------------------------------------------------------------------------
// account: change password / e-mail

export async function changePassword(ctx: Ctx, me: UserRow, oldPassword: string, password: string): Promise<User> {
  if (!(await checkPassword(me.passwordHash, oldPassword)))
    throw new AppError('old_password_wrong', { status: 400, field: 'old_password' });
  const passwordHash = await hashPassword(password);
  const ids = await ctx.app.withTx(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, me.id));
    // every session ends, this one too: the member stays logged in here on a new token
    await revokeAllSessions(tx, me.id);
    await revokeTokens(tx, me.id, 'reset');
    const name = await nameOf(tx, me.id);
    return [await queueFor(tx, ctx, 'password_changed', me.email, me, name)];
  });
  ctx.req.sessionId = null;
  await createSession(ctx.reply, me.id);
  await deliver(ctx, ids);
  return currentUser(ctx, me.id);
}

export async function requestMailChange(ctx: Ctx, me: UserRow, email: string, password: string): Promise<User> {
  if (!(await checkPassword(me.passwordHash, password))) throw new AppError('old_password_wrong', { status: 400, field: 'password' });
  if (email.toLowerCase() === me.email.toLowerCase()) throw new AppError('email_in_use', { status: 409, field: 'email' });
  const ids = await ctx.app.withTx(async (tx) => {
    if (await findByEmail(tx, me.siteId, email)) throw new AppError('email_in_use', { status: 409, field: 'email' });
    // each request mails an address the member typed: a few a day, so it is no way to send mail to strangers
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
    const { n } = await tokensSince(tx, me.id, 'mail_change', new Date(Date.now() - 86_400_000));
    if (n >= MAIL_CHANGES_PER_DAY) throw new AppError('mail_change_too_many', { status: 429 });
    await revokeTokens(tx, me.id, 'mail_change');
    const name = await nameOf(tx, me.id);
    const { token } = await issueToken(tx, me.id, 'mail_change', { newEmail: email });
    const link = `${baseUrl(ctx)}/mail-change/do?token=${token}`;
    return [
      await queueFor(tx, ctx, 'mail_change', email, me, name, link, TOKEN_TTL_MS.mail_change / 3600_000),
      // the current address hears about it too (an account take-over attempt is noticed)
      await queueFor(tx, ctx, 'mail_change_notice', me.email, me, name),
    ];
  });
  await deliver(ctx, ids);
  return currentUser(ctx, me.id);
}

/** Confirm a mail change; returns the new address and the account id. */
export async function confirmMailChange(ctx: Ctx, token: string): Promise<{ userId: number; email: string }> {
  try {
    return await ctx.app.withTx(async (tx) => {
      const row = await consumeToken(tx, token, 'mail_change');
      if (!row || !row.newEmail) throw new AppError('mail_change_invalid', { status: 400, field: 'mail_change_token' });
      const [u] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!u || u.status === 'deleted' || u.status === 'disabled')
        throw new AppError('mail_change_invalid', { status: 400, field: 'mail_change_token' });
      const other = await findByEmail(tx, u.siteId, row.newEmail);
      if (other && other.id !== u.id) throw new AppError('email_in_use', { status: 409, field: 'email' });
      await tx
        .update(users)
        .set({
          email: row.newEmail,
          emailConfirmed: true,
          status: u.status === 'not_confirmed' ? 'active' : u.status,
          notificationsDisabled: [],
        })
        .where(eq(users.id, u.id));
      return { userId: u.id, email: row.newEmail };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('email_in_use', { status: 409, field: 'email' });
    throw err;
  }
}
