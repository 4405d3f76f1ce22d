/**
 * Core wire types shared by the server and every module. Only zod (and the plain constants of
 * constants.ts) may be imported here.
 * Field names are the wire format (GET /api/openapi.json): a rename breaks remotes already deployed.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZStaffRole } from './backoffice';
import { LANGUAGES } from './constants';
import { DEFAULT_MESSENGERS, DEFAULT_MONEY_WORDS } from './held';

export { ENTRY_WARNING_KEY, LANGUAGES } from './constants';
export const ZLanguage = lazySchema(() => z.enum(LANGUAGES));
export type Language = z.infer<typeof ZLanguage>;

/** The 15 countries of spec section 9, with the languages offered there (first = preferred). */
export const COUNTRY_LANGUAGES = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
} as const satisfies Record<string, readonly Language[]>;
export const COUNTRIES = Object.keys(COUNTRY_LANGUAGES) as (keyof typeof COUNTRY_LANGUAGES)[];
export const ZCountry = lazySchema(() => z.enum(COUNTRIES as [keyof typeof COUNTRY_LANGUAGES, ...(keyof typeof COUNTRY_LANGUAGES)[]]));
export type Country = z.infer<typeof ZCountry>;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A number as a client sends it: a JSON number, or a decimal string (every query value is a
 * string). An empty or blank string counts as missing (a "required" error, not 0); anything else
 * that is no plain decimal number (`true`, `[]`, `0x10`, `7abc`) is refused rather than coerced
 * the way `z.coerce.number()` would (`true` -> 1, `''` -> 0). The one parser of numbers from
 * query strings and bodies: use it for every numeric query parameter.
 */
export function numberInput<T extends z.core.$ZodType>(schema: T) {
  return z.pipe(
    z.transform((value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return undefined;
      return DECIMAL.test(text) ? Number(text) : value;
    }),
    schema,
  );
}

/** A database row id as sent by a client (query or body): a positive 32-bit integer, so an id
 * beyond the column's range is a 400, never a database error. */
export const ZRowId = lazySchema(() => numberInput(z.number().check(z.int(), z.positive(), z.lte(2_147_483_647))));

export const ZGender = lazySchema(() => z.enum(['male', 'female']));
export type Gender = z.infer<typeof ZGender>;
export const ZSexuality = lazySchema(() => z.enum(['hetero', 'gay', 'lesbian', 'bi']));
export const ZHairColor = lazySchema(() =>
  z.enum(['brunette', 'blond', 'brown', 'white', 'bald', 'black', 'dark_blond', 'dark_brown', 'gray', 'red', 'other']),
);
export const ZEyeColor = lazySchema(() => z.enum(['blue', 'green', 'hazel', 'brown']));
export const ZBodyType = lazySchema(() => z.enum(['slim', 'normal', 'fat']));
export const ZRelationshipStatus = lazySchema(() => z.enum(['divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed']));
export const ZDeleteReason = lazySchema(() =>
  z.enum(['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other']),
);
export const ZNotificationDisabledReason = lazySchema(() => z.enum(['fbl', 'bounce', 'listunsubscribe']));
export const ZSignupsMode = lazySchema(() => z.enum(['all', 'with_trafficsource', 'invite_only']));

/** Error shape of every 4xx/5xx answer. */
export const ZApiError = lazySchema(() =>
  z.looseObject({
    error: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
    minutes: z.optional(z.number().check(z.int())),
    authentication_required: z.optional(z.boolean()),
  }),
);
export type ApiError = z.infer<typeof ZApiError>;

export const ZImage = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    filename: z.string(),
    thumb_filename: z.string(),
    status: z.enum(['pending', 'active', 'rejected']),
    /** square crop used by the match modal */
    match: z.string(),
  }),
);
export type Image = z.infer<typeof ZImage>;

/** A profile as others see it. Own-profile extras (date_of_birth) are optional. */
export const ZProfile = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    name: z.string(),
    age: z.number().check(z.int()),
    gender: ZGender,
    sexuality: z.nullable(ZSexuality),
    country: z.string(),
    region: z.nullable(z.string()),
    city: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    about: z.nullable(z.string()),
    interests: z.array(z.string()),
    hair_color: z.nullable(ZHairColor),
    eye_color: z.nullable(ZEyeColor),
    body_type: z.nullable(ZBodyType),
    relationship_status: z.nullable(ZRelationshipStatus),
    tattoos: z.nullable(z.boolean()),
    status: z.enum(['active', 'disabled', 'deleted']),
    fictional: z.boolean(),
    /** the member's selfie was approved by a moderator (issue 26; never for a fictional profile). Always sent by the server; optional for older fixtures */
    verified: z.optional(z.boolean()),
    main_image: z.nullable(ZImage),
    date_of_birth: z.optional(z.string()),
  }),
);
export type Profile = z.infer<typeof ZProfile>;

// ---- payments vocabulary the user and the bus need (time bonus); the rest is in payments.ts ----

export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'nexi',
  'cartebancaire',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;
export const ZPaymentMethod = lazySchema(() => z.enum(PAYMENT_METHODS));
export type PaymentMethod = z.infer<typeof ZPaymentMethod>;

/** Time bonus: code TIMEBONUS25, 25 %, once per user, 14400 s from signup. */
export const ZTimeBonus = lazySchema(() =>
  z.object({
    code: z.string(),
    country: z.nullable(z.string()),
    user_id: z.number().check(z.int()),
    /** ISO timestamp */
    expires: z.string(),
    value_percentage: z.number().check(z.int(), z.gte(0), z.lte(100)),
    currency: z.string(),
    minimum_order_value: z.number().check(z.int(), z.nonnegative()),
    status: z.string(),
    validity: z.string(),
    expired: z.boolean(),
    paymentmethods: z.array(z.string()),
  }),
);
export type TimeBonus = z.infer<typeof ZTimeBonus>;

/** Countdown state shown in the banner/modal: two-digit padded parts ('03', '59', '07'). */
export const ZCountdown = lazySchema(() =>
  z.object({
    hours: z.string().check(z.regex(/^\d{2,}$/)),
    minutes: z.string().check(z.regex(/^\d{2}$/)),
    seconds: z.string().check(z.regex(/^\d{2}$/)),
  }),
);
export type Countdown = z.infer<typeof ZCountdown>;

/** ZTimeBonus plus the visibility flag and the countdown, as GET /api/user.php carries it (user.time_bonus). */
export const ZUserTimeBonus = lazySchema(() =>
  z.extend(ZTimeBonus, {
    visible: z.boolean(),
    countdown: ZCountdown,
    /** seconds left at answer time (count down from this, so the browser's clock does not matter) */
    seconds_left: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type UserTimeBonus = z.infer<typeof ZUserTimeBonus>;

export const ZUser = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    email: z.string(),
    profile: ZProfile,
    credits: z.number().check(z.int(), z.nonnegative()),
    paid_user: z.boolean(),
    /** the site's fictional icon URL, shown next to fictional profiles */
    fictional_icon: z.string(),
    language: ZLanguage,
    status: z.enum(['not_confirmed', 'active', 'disabled', 'deleted']),
    notifications_disabled: z.array(ZNotificationDisabledReason),
    email_confirmed: z.boolean(),
    signup_at: z.string(),
    unread_messages: z._default(z.number().check(z.int(), z.nonnegative()), 0),
    new_likes: z._default(z.number().check(z.int(), z.nonnegative()), 0),
    is_staff: z._default(z.boolean(), false),
    /** a staff member's roles (issue 15): moderator, operator, payments, admin; [] for members */
    staff_roles: z._default(z.array(ZStaffRole), []),
    /** the time bonus: present for a non-paid member within 14400 s of sign-up, else null */
    time_bonus: z.optional(z.nullable(ZUserTimeBonus)),
  }),
);
export type User = z.infer<typeof ZUser>;

/** Packages: the try-out package (a fixed amount for a few credits, only before the first purchase) and p0-p3. */
export const PACKAGE_IDS = ['tryout', 'p0', 'p1', 'p2', 'p3'] as const;

export const ZMinimumMessageCosts = lazySchema(() =>
  z.record(z.string(), z.object({ costs: z.number().check(z.int(), z.nonnegative()), currency: z.string().check(z.regex(/^[A-Z]{3}$/)) })),
);

/**
 * A site's own package prices (ours, issue 15 "prices per package and country"): per payment
 * country, per package, in integer minor units of that country's currency. A package without an
 * entry costs the price list's amount (api payments/pricing.ts).
 */
export const ZPackagePrices = lazySchema(() =>
  z.partialRecord(ZCountry, z.partialRecord(z.enum(PACKAGE_IDS), z.number().check(z.int(), z.positive(), z.lte(10_000_000)))),
);
export type PackagePrices = z.infer<typeof ZPackagePrices>;

/** Site settings, spec section 3 (every field). */
export const ZSettings = lazySchema(() =>
  z.object({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    domain: z.string().check(z.minLength(1)),
    domain_language: z.string().check(z.minLength(2)),
    cdn_prefix: z.string(),
    niche: z.number().check(z.int(), z.gte(1), z.lte(7)),
    /** payment countries (kept as strings for readers; checked against COUNTRIES) */
    countries: z.array(z.string().check(z.refine((c) => (COUNTRIES as readonly string[]).includes(c)))).check(z.minLength(1)),
    index_title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    description: z.string(),
    visible_profile_fields: z.array(z.string()),
    visible_profile_notes: z.array(z.string()),
    geoip_country: z.nullable(z.string()),
    geoip_selected_country: z.nullable(z.string()),
    message_credits: z.number().check(z.int(), z.nonnegative()),
    signup_credits: z.number().check(z.int(), z.nonnegative()),
    photo_credits: z.number().check(z.int(), z.nonnegative()),
    gift_credits: z.number().check(z.int(), z.nonnegative()),
    message_length: z.number().check(z.int(), z.gte(1), z.lte(100_000)),
    /** chat history older than this many days is hidden for privacy; ours, not the product's */
    chat_history_days: z._default(z.number().check(z.int(), z.positive()), 90),
    /** the vulnerable-user warning (issue 15): more messages than this to chatpals within 24 hours
     * bring the in-chat notice that chatpals are fictional profiles run by the site's staff (once a day); ours */
    chatpal_warning_messages: z._default(z.number().check(z.int(), z.gte(1), z.lte(10_000)), 50),
    /** reports (issue 26): a member reported by this many distinct members within
     * report_hold_window_hours is out of search and their new conversations are held until a moderator decides; ours */
    report_hold_threshold: z._default(z.number().check(z.int(), z.gte(1), z.lte(1000)), 3),
    report_hold_window_hours: z._default(z.number().check(z.int(), z.gte(1), z.lte(24 * 30)), 24),
    /** releases (issue 27, contracts/releases.ts): a canary whose error rate (errors per 1,000 mounts) over the last
     * release_rollback_window_minutes is above this factor times the live release's, with at least
     * release_rollback_min_errors errors in that window, is rolled back automatically; ours. Read from the default site. */
    release_rollback_factor: z._default(z.number().check(z.gte(1), z.lte(1000)), 3),
    release_rollback_min_errors: z._default(z.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 20),
    release_rollback_window_minutes: z._default(z.number().check(z.int(), z.gte(1), z.lte(24 * 60)), 10),
    /** the scam guard (issue 26 part 3, contracts/held.ts): a member's message with a link, e-mail address, phone number,
     * IBAN, messenger or money word is held in a conversation's first this-many messages (0: never by this rule); ours */
    held_first_messages: z._default(z.number().check(z.int(), z.gte(0), z.lte(1000)), 5),
    /** ... and from an account younger than this many hours (0: never by this rule); ours */
    held_account_hours: z._default(z.number().check(z.int(), z.gte(0), z.lte(24 * 365)), 24),
    /** the off-site messengers the guard looks for (plain words or phrases) */
    held_messengers: z._default(
      z.array(z.string().check(z.trim(), z.minLength(2), z.maxLength(60))).check(z.maxLength(500)),
      DEFAULT_MESSENGERS,
    ),
    /** money words per language (all apply to every message; the words of a phrase may have one other word between them) */
    held_money_words: z._default(
      z.partialRecord(ZLanguage, z.array(z.string().check(z.trim(), z.minLength(2), z.maxLength(80))).check(z.maxLength(500))),
      DEFAULT_MONEY_WORDS,
    ),
    minimum_message_costs: ZMinimumMessageCosts,
    package_prices: z._default(ZPackagePrices, {}),
    support_email: z.email(),
    support_phone: z.string(),
    push_public_key: z.nullable(z.string()),
    search_fields: z.array(z.string()),
    fictional_icon: z.string(),
    fictional_warning: z.string(),
    fictional_singular: z.string(),
    fictional_plural: z.string(),
    refund_days: z.number().check(z.int(), z.nonnegative(), z.lte(3650)),
    signups: ZSignupsMode,
    logged_out_search: z.boolean(),
    logged_out_search_trafficsource: z.boolean(),
    enable_site_entry_popup: z.boolean(),
    member_resell: z.boolean(),
  }),
);
export type Settings = z.infer<typeof ZSettings>;

export const ZSettingsResponse = lazySchema(() => z.object({ settings: ZSettings, domain_language: z.string() }));
export type SettingsResponse = z.infer<typeof ZSettingsResponse>;

export const ZOk = lazySchema(() => z.object({ ok: z.literal(true) }));
