/**
 * New-login alerts (issue 26 part 4). Every browser carries a long-lived random device cookie
 * (`did`, 32 random bytes, HttpOnly); each account keeps the sha256 of the cookies it logged in
 * from (known_devices). A login (password or passkey) from a browser the account has not used
 * before mails a "Nieuwe login" notice in the member's language: browser and operating system
 * (bowser), a city-level place (only what a trusted proxy says of the address: never
 * coordinates, never stored), the time, and a one-click "Dit was ik niet" link.
 *
 * - The first login ever of an account (no known browser yet, e.g. the first after sign-up) is
 *   recorded without a mail.
 * - Two logins at once from one new browser: the insert of its row decides; one mail.
 * - "Dit was ik niet" (GET /api/not-me.php?token): a single-use token (account_tokens, kind
 *   not_me, only its hash stored) that ends every session of the account, makes the old password
 *   stop working, removes the browsers and passkeys added since that login, and sends the member
 *   to the existing password-reset page with a fresh reset token.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { knownDevices, passkeys, profiles, users } from '../../db/schema';
import { isLang } from '../../i18n';
import type { Lang } from '../../i18n';
import { queueMail } from '../../platform/mail';
import { hashToken, newToken, revokeAllSessions } from '../../platform/session';
import { baseUrl, deliver, nameOf, site, type Ctx } from './mail-queue';
import { consumeToken, issueToken, revokeTokens, TOKEN_TTL_MS } from './tokens';

export const DEVICE_COOKIE = 'did';
export const DEVICE_COOKIE_DAYS = 400;
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The browser's device token: the one in its cookie, or a new one set on the reply now. */
export function deviceToken(ctx: Ctx): string {
  const given = ctx.req.cookies[DEVICE_COOKIE];
  if (given && DEVICE_TOKEN.test(given)) return given;
  const token = newToken();
  ctx.reply.setCookie(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.req.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  return token;
}

/** Browser and operating system of a User-Agent ('' when unknown). */
export function describeAgent(ua: string | undefined): { browser: string; os: string } {
  if (!ua) return { browser: '', os: '' };
  const parsed = Bowser.parse(ua.slice(0, 500));
  const major = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser, os };
}

const clean = (v: unknown): string =>
  typeof v === 'string'
    ? v
        .replace(/[\p{Cc}\p{Cf}]/gu, '')
        .trim()
        .slice(0, 80)
    : '';

/**
 * The city-level place of the request, when a trusted reverse proxy tells it (TRUST_PROXY on and
 * the CDN's geolocation headers: Cloudflare's cf-ipcity / cf-ipcountry); else null ("unknown").
 * The site has no address database of its own (platform/geo.ts places coordinates, not
 * addresses); coordinates are never asked for nor stored.
 */
export function placeOf(req: FastifyRequest, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const city = clean(req.headers['cf-ipcity']);
  const country = clean(req.headers['cf-ipcountry']).toUpperCase();
  const cc = /^[A-Z]{2}$/.test(country) && country !== 'XX' && country !== 'T1' ? country : '';
  const place = [city, cc].filter(Boolean).join(', ');
  return place || null;
}

/** Time zone of a member's country for the mail's time (UTC elsewhere). */
const ZONES: Record<string, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  FR: 'Europe/Paris',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  PL: 'Europe/Warsaw',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  LU: 'Europe/Luxembourg',
  PT: 'Europe/Lisbon',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  NZ: 'Pacific/Auckland',
  AU: 'Australia/Sydney',
  CA: 'America/Toronto',
  US: 'America/New_York',
};

export function formatLoginTime(at: Date, lang: Lang, country: string | null | undefined): string {
  const timeZone = (country && ZONES[country]) || 'UTC';
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

/**
 * After a successful login of `user` (the session is made): remember this browser for the
 * account, and mail the member when the account knew other browsers but not this one.
 * Returns whether a mail was queued.
 */
export async function noteLogin(ctx: Ctx, user: { id: number; email: string; language: string }): Promise<boolean> {
  const deviceHash = hashToken(deviceToken(ctx));
  const now = new Date();
  const s = site(ctx);
  const ids = await ctx.app.withTx(async (tx) => {
    const [known] = await tx
      .update(knownDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(knownDevices.userId, user.id), eq(knownDevices.deviceHash, deviceHash)))
      .returning({ userId: knownDevices.userId });
    if (known) return [];
    const [before] = await tx.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, user.id));
    const inserted = await tx
      .insert(knownDevices)
      .values({ userId: user.id, deviceHash, createdAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning({ userId: knownDevices.userId });
    // the first browser of the account, or another login of this browser that was just faster
    if (inserted.length === 0 || Number(before?.n ?? 0) === 0) return [];
    const lang: Lang = isLang(user.language) ? user.language : ctx.req.lang;
    const [profile] = await tx.select({ country: profiles.country }).from(profiles).where(eq(profiles.userId, user.id)).limit(1);
    const { token } = await issueToken(tx, user.id, 'not_me', { now });
    const { browser, os } = describeAgent(ctx.req.headers['user-agent']);
    const name = await nameOf(tx, user.id);
    const id = await queueMail(tx, {
      kind: 'new_login',
      lang,
      to: user.email,
      siteId: s.id,
      userId: user.id,
      vars: {
        name,
        siteName: s.settings.name,
        domain: s.settings.domain || s.domain,
        siteUrl: baseUrl(ctx),
        link: `${baseUrl(ctx)}/api/not-me.php?token=${token}`,
        validFor: TOKEN_TTL_MS.not_me / 86_400_000,
        login: {
          browser,
          os,
          place: placeOf(ctx.req, Boolean(ctx.app.config.TRUST_PROXY)),
          time: formatLoginTime(now, lang, profile?.country),
        },
      },
    });
    return [id];
  });
  if (ids.length) await deliver(ctx, ids);
  return ids.length > 0;
}

/**
 * The "Dit was ik niet" link: once. Ends every session, stops the old password, forgets the
 * browsers and removes the passkeys added since that login, and returns a fresh password-reset
 * token for the reset page; null for an unknown, used or expired link.
 */
export async function notMe(ctx: Ctx, token: string): Promise<string | null> {
  return ctx.app.withTx(async (tx) => {
    const row = await consumeToken(tx, token, 'not_me');
    if (!row) return null;
    const [u] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!u || u.status === 'deleted' || u.status === 'disabled') return null;
    const since = row.createdAt;
    await tx.update(users).set({ passwordHash: '' }).where(eq(users.id, u.id));
    await revokeAllSessions(tx, u.id);
    await tx.delete(knownDevices).where(and(eq(knownDevices.userId, u.id), gte(knownDevices.createdAt, since)));
    await tx.delete(passkeys).where(and(eq(passkeys.userId, u.id), gte(passkeys.createdAt, since)));
    await revokeTokens(tx, u.id, 'not_me');
    await revokeTokens(tx, u.id, 'reset');
    const { token: reset } = await issueToken(tx, u.id, 'reset');
    return reset;
  });
}
