/**
 * Wire schemas of the identity capability (sign-up, login, activation, password reset, e-mail and
 * password change, account deletion / reactivation, export, mail events). Only zod is imported.
 *
 * Every issue message is an error CODE (e.g. 'invalid_email'), never prose: the server translates
 * it with its message table (api/src/i18n/messages/identity.ts) and the frontend with its
 * `auth` namespace (mf-auth-signup/src/locales). One schema, used on both sides, so the client's
 * checks mirror the server's exactly.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZCountry, ZDeleteReason, ZGender, ZLanguage, ZNotificationDisabledReason, ZSexuality, ZUser } from './core';

export const MIN_AGE = 18;
export const MAX_AGE = 120;
export const NAME_MAX = 40;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PLACE_MAX = 80;
export const SIGNUP_MESSAGE_MAX = 500;
export const REMARKS_MAX = 1000;
export const TRACKING_MAX = 100;
/** Grace period of a deleted account (spec section 9). */
export const DELETE_GRACE_DAYS = 14;

/** Error codes of this capability (the server's and the frontend's translation keys). */
export const IDENTITY_ERROR_CODES = [
  'field_required',
  'invalid_type',
  'text_invalid',
  'invalid_email',
  'email_too_long',
  'email_in_use',
  'name_required',
  'name_too_long',
  'name_equals_email',
  'name_starts_with_at',
  'name_invalid',
  'password_required',
  'password_too_short',
  'password_too_long',
  'passwords_differ',
  'old_password_wrong',
  'invalid_date_of_birth',
  'min_age',
  'gender_required',
  'sexuality_invalid',
  'country_invalid',
  'place_too_long',
  'message_too_long',
  'remarks_too_long',
  'delete_reason_invalid',
  'language_invalid',
  'tracking_invalid',
  'signups_closed',
  'signups_trafficsource_required',
  'signups_invite_only',
  'login_failed',
  'login_locked',
  'account_deleted',
  'account_banned',
  'email_not_found',
  'reset_link_invalid',
  'reset_too_many',
  'activation_failed',
  'activation_too_many',
  'already_confirmed',
  'mail_change_invalid',
  'mail_change_too_many',
  'reactivation_invalid',
  'mail_events_forbidden',
  'subscription_invalid',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

// Characters used for spoofing or to break layouts: C0/C1 controls, zero-width characters,
// bidirectional overrides/isolates, BOM, the replacement character and unpaired surrogates.
const UNSAFE_CHARS =
  // eslint-disable-next-line no-control-regex -- these control characters are what the pattern refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const HTML_TAG = /<\s*\/?\s*[a-z!?]|javascript:|on\w+\s*=/i;
/** line breaks and tabs; piled-up combining marks ("Zalgo" text that spills over the layout) */
const NAME_UNSAFE = /[\n\r\t]|\p{M}{3,}/u;

/** True when the text holds markup or characters used for spoofing (see above). */
export function isUnsafeText(value: string): boolean {
  return UNSAFE_CHARS.test(value) || HTML_TAG.test(value);
}

/** A string field: wrong type and missing map to codes; NFC-normalised and trimmed. */
const str = (required: string = 'field_required') =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : 'invalid_type') });

/** Free text: NFC-normalised, trimmed, at most `max` characters, no markup or spoofing characters. */
export const safeText = (max: number, tooLong: string) =>
  z.pipe(
    z.pipe(
      str(),
      z.transform((v) => v.normalize('NFC').trim()),
    ),
    z.string().check(
      z.maxLength(max, { error: tooLong }),
      z.refine((v) => !isUnsafeText(v), { error: 'text_invalid' }),
    ),
  );

export const ZEmail = lazySchema(() =>
  z.pipe(
    z.pipe(
      str(),
      z.transform((v) => v.normalize('NFC').trim()),
    ),
    z.pipe(
      z.string().check(z.minLength(1, { error: 'field_required' }), z.maxLength(EMAIL_MAX, { error: 'email_too_long' })),
      z.email({ error: 'invalid_email' }),
    ),
  ),
);

export const ZName = lazySchema(() =>
  z.pipe(
    z.pipe(
      str('name_required'),
      z.transform((v) => v.normalize('NFC').trim()),
    ),
    z.string().check(
      z.minLength(1, { error: 'name_required' }),
      z.maxLength(NAME_MAX, { error: 'name_too_long' }),
      z.refine((v) => !v.startsWith('@'), { error: 'name_starts_with_at' }),
      z.refine((v) => !isUnsafeText(v) && !NAME_UNSAFE.test(v) && /\p{L}/u.test(v), { error: 'name_invalid' }),
    ),
  ),
);

/** New passwords; never trimmed or normalised (what the member typed is the password). */
export const ZNewPassword = lazySchema(() =>
  str('password_required').check(
    z.minLength(1, { error: 'password_required' }),
    z.minLength(PASSWORD_MIN, { error: 'password_too_short' }),
    z.maxLength(PASSWORD_MAX, { error: 'password_too_long' }),
  ),
);

/** A password given to log in / confirm: only bounded, so old short passwords still work. */
export const ZGivenPassword = lazySchema(() =>
  str('password_required').check(z.minLength(1, { error: 'password_required' }), z.maxLength(PASSWORD_MAX, { error: 'password_too_long' })),
);

/** Age in whole years on `today` for an ISO date (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A real calendar date in YYYY-MM-DD, not in the future, not absurdly old. */
export function isValidBirthDate(value: string, today: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  if (date.getTime() > today.getTime()) return false;
  return ageOn(value, today) <= MAX_AGE;
}

export const ZDateOfBirth = lazySchema(() =>
  z.pipe(
    z.pipe(
      str(),
      z.transform((v) => v.trim()),
    ),
    z.string().check(
      z.minLength(1, { error: 'field_required' }),
      z.refine((v) => isValidBirthDate(v), { error: 'invalid_date_of_birth', abort: true }),
      z.refine((v) => ageOn(v) >= MIN_AGE, { error: 'min_age' }),
    ),
  ),
);

const trackingValue = lazySchema(() =>
  z.string({ error: 'tracking_invalid' }).check(
    z.maxLength(TRACKING_MAX, { error: 'tracking_invalid' }),
    // what click ids and sub ids carry (base64, key=value lists); no markup or control characters
    z.regex(/^[\w.\-~:@ =+/,|%]*$/, { error: 'tracking_invalid' }),
  ),
);

/** Tracking data from the landing URL (spec section 3). */
export const ZTracking = lazySchema(() =>
  z.object(
    {
      network: z.optional(trackingValue),
      ref: z.optional(trackingValue),
      sub1: z.optional(trackingValue),
      sub2: z.optional(trackingValue),
      sub3: z.optional(trackingValue),
    },
    { error: 'tracking_invalid' },
  ),
);
export type Tracking = z.infer<typeof ZTracking>;
export { TRACKING_KEYS } from './constants';

const optionalPlace = lazySchema(() =>
  z.pipe(
    z.transform((v) => (v === '' ? null : v)),
    z.optional(z.nullable(safeText(PLACE_MAX, 'place_too_long'))),
  ),
);

/** The sign-up form fields without cross-field rules (the frontend validates steps with .pick). */
export const ZSignupFields = lazySchema(() =>
  z.object({
    email: ZEmail,
    name: ZName,
    password: ZNewPassword,
    date_of_birth: ZDateOfBirth,
    gender: z.enum(ZGender.options, { error: 'gender_required' }),
    sexuality: z.pipe(
      z.transform((v) => (v === '' ? null : v)),
      z.optional(z.nullable(z.enum(ZSexuality.options, { error: 'sexuality_invalid' }))),
    ),
    country: z.enum(ZCountry.options, { error: 'country_invalid' }),
    region: optionalPlace,
    city: optionalPlace,
    signup_message: z.pipe(
      z.transform((v) => (v === '' ? null : v)),
      z.optional(z.nullable(safeText(SIGNUP_MESSAGE_MAX, 'message_too_long'))),
    ),
    tracking: z.optional(ZTracking),
    /** the member the optional first message is for (sign-up from /members/{id}/signup) */
    message_to: z.optional(
      z
        .number({ error: 'invalid_type' })
        .check(z.int({ error: 'invalid_type' }), z.positive({ error: 'invalid_type' }), z.lte(2_147_483_647, { error: 'invalid_type' })),
    ),
    /** invite code, needed when the site's `signups` setting is invite_only */
    invite: z.optional(
      z
        .string({ error: 'invalid_type' })
        .check(z.maxLength(100, { error: 'invalid_type' }), z.regex(/^[A-Za-z0-9_-]*$/, { error: 'invalid_type' })),
    ),
    language: z.optional(z.enum(ZLanguage.options, { error: 'language_invalid' })),
  }),
);

export const ZSignupRequest = lazySchema(() =>
  ZSignupFields.check(
    z.superRefine((v, ctx) => {
      if (v.name && v.email && v.name.toLowerCase() === v.email.toLowerCase()) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'name_equals_email' });
      }
    }),
  ),
);
export type SignupRequest = z.input<typeof ZSignupRequest>;
export type SignupData = z.output<typeof ZSignupRequest>;

export const ZUserResponse = lazySchema(() => z.object({ user: ZUser }));
export type UserResponse = z.infer<typeof ZUserResponse>;
export const ZMaybeUserResponse = lazySchema(() => z.object({ user: z.nullable(ZUser) }));
export type MaybeUserResponse = z.infer<typeof ZMaybeUserResponse>;

/**
 * GET /api/ban.php: whether the browser's session belongs to a banned (disabled) member. Such a
 * session logs nobody in; the ban page uses it to show its owner the personal notice above the
 * published ban policy that every visitor sees.
 */
export const ZBanStatusResponse = lazySchema(() => z.object({ banned: z.boolean() }));
export type BanStatusResponse = z.infer<typeof ZBanStatusResponse>;

export const ZLoginRequest = lazySchema(() => z.object({ email: ZEmail, password: ZGivenPassword }));
export type LoginRequest = z.input<typeof ZLoginRequest>;

export const ZLanguageRequest = lazySchema(() => z.object({ language: z.enum(ZLanguage.options, { error: 'language_invalid' }) }));
export type LanguageRequest = z.infer<typeof ZLanguageRequest>;

/** Web Push subscription (PushSubscription.toJSON()). */
export const ZPushSubscriptionRequest = lazySchema(() =>
  z.object({
    subscription: z.object(
      {
        endpoint: z
          .url({ protocol: /^https?$/, error: 'subscription_invalid' })
          .check(z.maxLength(1000, { error: 'subscription_invalid' })),
        expirationTime: z.optional(z.nullable(z.number())),
        keys: z.object(
          {
            p256dh: z.string({ error: 'subscription_invalid' }).check(z.minLength(1), z.maxLength(200, { error: 'subscription_invalid' })),
            auth: z.string({ error: 'subscription_invalid' }).check(z.minLength(1), z.maxLength(100, { error: 'subscription_invalid' })),
          },
          { error: 'subscription_invalid' },
        ),
      },
      { error: 'subscription_invalid' },
    ),
  }),
);
export type PushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

export const ZResetPasswordRequest = lazySchema(() => z.object({ email: ZEmail }));
export type ResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** A mailed link's token; a malformed one is answered with `invalid` (the link's own message). */
const token = (invalid: IdentityErrorCode) =>
  z
    .string({ error: invalid })
    .check(z.minLength(10, { error: invalid }), z.maxLength(200, { error: invalid }), z.regex(/^[A-Za-z0-9_-]+$/, { error: invalid }));
const ZToken = lazySchema(() => token('reset_link_invalid'));

export const ZResetPasswordDo = lazySchema(() =>
  z.object({ token: ZToken, password: ZNewPassword, password_repeat: str('password_required') }).check(
    z.superRefine((v, ctx) => {
      if (v.password !== v.password_repeat) ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_differ' });
    }),
  ),
);
export type ResetPasswordDo = z.input<typeof ZResetPasswordDo>;

export const ZChangeEmailRequest = lazySchema(() => z.object({ email: ZEmail, password: ZGivenPassword }));
export type ChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;

export const ZChangePasswordRequest = lazySchema(() =>
  z.object({ old_password: ZGivenPassword, password: ZNewPassword, password_repeat: str('password_required') }).check(
    z.superRefine((v, ctx) => {
      if (v.password !== v.password_repeat) ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_differ' });
    }),
  ),
);
export type ChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const ZMailChangeConfirm = lazySchema(() => z.object({ mail_change_token: token('mail_change_invalid') }));
export type MailChangeConfirm = z.infer<typeof ZMailChangeConfirm>;

/** PUT /api/account.php: which form is it (decided by the fields present). */
export type AccountUpdateRequest = ChangeEmailRequest | ChangePasswordRequest | MailChangeConfirm;

export const ZAccountUpdateResponse = lazySchema(() =>
  z.object({
    /** the logged-in member after the change (null when a mail-change link was opened logged out) */
    user: z.nullable(ZUser),
    /** set when a confirmation link was mailed to the new address */
    mail_change_pending: z.optional(z.string()),
    /** set when a mail-change link was confirmed: the account's address now */
    email_changed: z.optional(z.string()),
  }),
);
export type AccountUpdateResponse = z.infer<typeof ZAccountUpdateResponse>;

export const ZDeleteAccountRequest = lazySchema(() =>
  z.object({
    reason: z.enum(ZDeleteReason.options, { error: 'delete_reason_invalid' }),
    remarks: z.pipe(
      z.transform((v) => (v === undefined || v === null ? '' : v)),
      safeText(REMARKS_MAX, 'remarks_too_long'),
    ),
  }),
);
export type DeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;

export const ZDeleteAccountResponse = lazySchema(() => z.object({ ok: z.literal(true), purge_after: z.string() }));
export type DeleteAccountResponse = z.infer<typeof ZDeleteAccountResponse>;

export const ZReactivateRequest = lazySchema(() =>
  z.object({
    token: z
      .string({ error: 'reactivation_invalid' })
      .check(
        z.minLength(10, { error: 'reactivation_invalid' }),
        z.maxLength(200, { error: 'reactivation_invalid' }),
        z.regex(/^[A-Za-z0-9_-]+$/, { error: 'reactivation_invalid' }),
      ),
  }),
);
export type ReactivateRequest = z.infer<typeof ZReactivateRequest>;

export const ZMailEventRequest = lazySchema(() =>
  z.object({
    type: z.enum(ZNotificationDisabledReason.options, { error: 'invalid_type' }),
    email: ZEmail,
  }),
);
export type MailEventRequest = z.input<typeof ZMailEventRequest>;

export const ZMailEventResponse = lazySchema(() => z.object({ ok: z.literal(true), affected: z.number().check(z.int()) }));

export const ZOutboxMail = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    kind: z.string(),
    created_at: z.string(),
  }),
);
export const ZMailboxResponse = lazySchema(() => z.object({ mails: z.array(ZOutboxMail) }));
export type OutboxMail = z.infer<typeof ZOutboxMail>;

export const ZActivationResendResponse = lazySchema(() => z.object({ ok: z.literal(true) }));
