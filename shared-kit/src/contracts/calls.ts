/**
 * Request/answer schemas of the site's fixed calls (GET /api/openapi.json lists them all) that are not in
 * core.ts. The server validates with them and the client parses answers with them: one source of
 * truth for the wire. Only zod may be imported here.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZImage, ZLanguage } from './core';

// Calls of the first table defined by their capability's file (not repeated here):
// - POST/GET/PUT /api/user.php, ?push=1: identity.ts (ZLoginRequest, ZUserResponse,
//   ZMaybeUserResponse, ZLanguageRequest, ZPushSubscriptionRequest)
// - /api/geocode.php, /api/likes.php, /api/auto-like.php: members.ts (ZGeocodeQuery,
//   ZGeocodeResult, ZMemberLikes, ZAutoLike)

/** Value of the `X-Request-Type` header every /api/user.php request carries. */
export const USER_REQUEST_TYPE = 'web';

/**
 * The least a bus event or popup needs of a profile (id, name, photo). A full ZProfile fits;
 * extra fields are kept (loose object).
 */
export const ZProfileRef = lazySchema(() =>
  z.looseObject({
    id: z.number().check(z.int()),
    name: z.string(),
    main_image: z.nullable(ZImage),
    /** a chatpal (fictional profile): every surface that shows the profile labels it */
    fictional: z.boolean(),
  }),
);
export type ProfileRef = z.infer<typeof ZProfileRef>;

// ---- /api/logout.php, /api/page-hidden.php ---------------------------------------------------

/** GET /api/logout.php -> ZOk (cookie cleared). POST /api/page-hidden.php: empty body -> 204. */
export const ZPageHiddenRequest = lazySchema(() => z.strictObject({}));

// ---- /api/discountcode.php ---------------------------------------------------------------------

/** `?code=` or `?welcome=true`, plus any passed-through query (kept, hence loose). */
export const ZDiscountCodeQuery = lazySchema(() =>
  z.looseObject({
    code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
    welcome: z.optional(z.enum(['true', 'false'])),
  }),
);
export type DiscountCodeQuery = z.infer<typeof ZDiscountCodeQuery>;

/**
 * 404 'Code niet gevonden' (`discount_code_not_found`; also ?welcome=true when no welcome discount
 * applies), 409 'Code reeds gebruikt' (`discount_code_used`), 400 `discount_code_wrong_country`.
 * minimum_order_value: minor units of the member's currency (cents).
 */
export const ZDiscountCode = lazySchema(() =>
  z.object({
    code: z.string(),
    percentage: z.number().check(z.int(), z.gte(0), z.lte(100)),
    minimum_order_value: z.number().check(z.int(), z.nonnegative()),
    country: z.optional(z.nullable(z.string())),
    /** code: a typed code; welcome: the welcome discount; time_bonus: TIMEBONUS25 */
    kind: z.optional(z.enum(['code', 'welcome', 'time_bonus'])),
    /** ISO timestamp when it stops working, null when it does not end */
    expires: z.optional(z.nullable(z.string())),
  }),
);
export type DiscountCode = z.infer<typeof ZDiscountCode>;

// ---- /api/settings.php -> ZSettingsResponse (core.ts) -----------------------------------------

export const ZSettingsQuery = lazySchema(() => z.looseObject({ forced_domain: z.optional(z.string().check(z.trim(), z.maxLength(253))) }));
export type SettingsQuery = z.infer<typeof ZSettingsQuery>;

// ---- /api/chats.php, /api/chat.php, /api/messages.php ...: chat.ts ----------------------------

// ---- /api/interests.php, /api/regions.php, /api/companyinfo.php -----------------------------

/**
 * A translated list: `?lang=` picks the language of the answer (else the member's or the cookie's)
 * and makes it cacheable per language, so a language switch never shows yesterday's language.
 */
export const ZTranslatedQuery = lazySchema(() => z.object({ lang: z.optional(ZLanguage) }));
export type TranslatedQuery = z.infer<typeof ZTranslatedQuery>;

/** `label` in the request's language; `labels` (optional) in all languages. */
export const ZInterest = lazySchema(() =>
  z.object({ slug: z.string(), label: z.string(), labels: z.optional(z.record(z.string(), z.string())) }),
);
export type Interest = z.infer<typeof ZInterest>;
export const ZInterestsResponse = lazySchema(() => z.object({ interests: z.array(ZInterest) }));
export type InterestsResponse = z.infer<typeof ZInterestsResponse>;

/**
 * Two letters, any case (`nl` = `NL`). Deliberately not ZCountry: a code outside the 15 countries
 * gets the translated 400 `unknown_country` from the server rather than a generic validation error.
 */
export const ZRegionsQuery = lazySchema(() => z.extend(ZTranslatedQuery, { country: z.string().check(z.minLength(2), z.maxLength(2)) }));
export type RegionsQuery = z.infer<typeof ZRegionsQuery>;
export const ZRegion = lazySchema(() => z.object({ code: z.string(), name: z.string() }));
export type Region = z.infer<typeof ZRegion>;
/**
 * `kind`: what a region is called in that country (state, province, region, county, voivodeship,
 * canton); `label`: that word in the request's language.
 */
export const ZRegionsResponse = lazySchema(() =>
  z.object({ country: z.string(), kind: z.string(), label: z.string(), regions: z.array(ZRegion) }),
);
export type RegionsResponse = z.infer<typeof ZRegionsResponse>;

/** Company info. `added`: ISO date; the terms version date is the later of it and 2023-12-01. */
export const ZCompanyInfo = lazySchema(() =>
  z.object({
    name: z.string(),
    address: z.string(),
    registration_number: z.string(),
    city: z.string(),
    country: z.string(),
    tradenames: z.array(z.string()),
    vat_numbers: z.array(z.string()),
    support_phone: z.string(),
    /** percentage offered to members who consider deleting their account (0 = none) */
    delete_discount: z.number().check(z.gte(0), z.lte(100)),
    added: z.string(),
  }),
);
export type CompanyInfo = z.infer<typeof ZCompanyInfo>;
export const ZCompanyInfoResponse = lazySchema(() => z.object({ companyinfo: ZCompanyInfo }));
export type CompanyInfoResponse = z.infer<typeof ZCompanyInfoResponse>;

// The payments vocabulary the user and the bus need (PAYMENT_METHODS, ZTimeBonus, ZCountdown,
// ZUserTimeBonus) is in core.ts; the rest of payments is in payments.ts.
