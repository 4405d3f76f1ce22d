/**
 * The site settings form's model: every field (ZSettings) as form values (text, number
 * text, checkbox), grouped for the form, and back to the settings object the server checks. Values
 * that are no number are sent as they were typed, so the server's contract check names the field.
 */
import { COUNTRIES, CURRENCY_BY_COUNTRY, LANGUAGES, PACKAGE_IDS, sameSetting } from '@dating/shared-kit/contracts';
import type { Settings } from '@dating/shared-kit/contracts';

export type FieldKind = 'text' | 'longtext' | 'number' | 'list' | 'nullable' | 'boolean' | 'signups' | 'readonly' | 'server';

export interface FieldDef {
  key: keyof Settings;
  kind: FieldKind;
}

/** The form's groups, in order; every ZSettings field is in exactly one (prices and costs have their own tables). */
export const GROUPS: readonly { id: string; fields: readonly FieldDef[] }[] = [
  {
    id: 'general',
    fields: [
      { key: 'name', kind: 'text' },
      { key: 'domain', kind: 'readonly' },
      { key: 'domain_language', kind: 'text' },
      { key: 'countries', kind: 'list' },
      { key: 'niche', kind: 'number' },
    ],
  },
  {
    id: 'texts',
    fields: [
      { key: 'index_title', kind: 'text' },
      { key: 'description', kind: 'longtext' },
      { key: 'fictional_warning', kind: 'longtext' },
      { key: 'fictional_singular', kind: 'text' },
      { key: 'fictional_plural', kind: 'text' },
    ],
  },
  {
    id: 'access',
    fields: [
      { key: 'signups', kind: 'signups' },
      { key: 'logged_out_search', kind: 'boolean' },
      { key: 'logged_out_search_trafficsource', kind: 'boolean' },
      { key: 'enable_site_entry_popup', kind: 'boolean' },
      { key: 'member_resell', kind: 'boolean' },
    ],
  },
  {
    id: 'credits',
    fields: [
      { key: 'message_credits', kind: 'number' },
      { key: 'signup_credits', kind: 'number' },
      { key: 'photo_credits', kind: 'number' },
      { key: 'gift_credits', kind: 'number' },
      { key: 'message_length', kind: 'number' },
      { key: 'chat_history_days', kind: 'number' },
      { key: 'chatpal_warning_messages', kind: 'number' },
      { key: 'refund_days', kind: 'number' },
    ],
  },
  {
    // the scam guard (issue 26; api chat/scam): held_money_words has one list per language below the group (MoneyWordsFields)
    id: 'safety',
    fields: [
      { key: 'held_first_messages', kind: 'number' },
      { key: 'held_account_hours', kind: 'number' },
      { key: 'held_messengers', kind: 'list' },
      // reports (issue 26 part 1): out of search while this many distinct members reported a member within the window
      { key: 'report_hold_threshold', kind: 'number' },
      { key: 'report_hold_window_hours', kind: 'number' },
    ],
  },
  {
    id: 'support',
    fields: [
      { key: 'support_email', kind: 'text' },
      { key: 'support_phone', kind: 'text' },
    ],
  },
  {
    id: 'profiles',
    fields: [
      { key: 'visible_profile_fields', kind: 'list' },
      { key: 'visible_profile_notes', kind: 'list' },
      { key: 'search_fields', kind: 'list' },
      { key: 'geoip_country', kind: 'nullable' },
      { key: 'geoip_selected_country', kind: 'nullable' },
    ],
  },
  {
    id: 'technical',
    fields: [
      { key: 'cdn_prefix', kind: 'text' },
      { key: 'fictional_icon', kind: 'text' },
      { key: 'push_public_key', kind: 'server' },
      // releases (issue 27): a canary's automatic rollback; read from the default site
      { key: 'release_rollback_factor', kind: 'number' },
      { key: 'release_rollback_min_errors', kind: 'number' },
      { key: 'release_rollback_window_minutes', kind: 'number' },
    ],
  },
];

export type FormValues = Record<string, string | boolean>;

/** The countries the price and cost tables show: the site's countries, then any other with a value. */
export function tableCountries(settings: Settings): string[] {
  const extra = [...Object.keys(settings.minimum_message_costs), ...Object.keys(settings.package_prices)];
  return [...new Set([...settings.countries, ...extra])].filter((c) => (COUNTRIES as readonly string[]).includes(c));
}

export function toFormValues(settings: Settings): FormValues {
  const v: FormValues = {};
  for (const group of GROUPS) {
    for (const { key, kind } of group.fields) {
      const value = settings[key];
      if (kind === 'boolean') v[key] = Boolean(value);
      else if (kind === 'list') v[key] = (value as string[]).join(', ');
      else v[key] = value === null || value === undefined ? '' : String(value);
    }
  }
  for (const lang of LANGUAGES) v[`held_money_words.${lang}`] = (settings.held_money_words?.[lang] ?? []).join(', ');
  for (const country of tableCountries(settings)) {
    const cost = settings.minimum_message_costs[country];
    v[`minimum_message_costs.${country}.costs`] = cost ? String(cost.costs) : '';
    v[`minimum_message_costs.${country}.currency`] = cost?.currency ?? CURRENCY_BY_COUNTRY[country as keyof typeof CURRENCY_BY_COUNTRY];
    for (const pkg of PACKAGE_IDS) {
      const price = settings.package_prices[country as keyof Settings['package_prices']]?.[pkg];
      v[`package_prices.${country}.${pkg}`] = price === undefined ? '' : String(price);
    }
  }
  return v;
}

/** "12" -> 12; "" -> undefined (a required field then says so); anything else as typed. */
function numberOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const text = (v: FormValues, key: string) => String(v[key] ?? '');

/** The settings object to send: every field, from the form values over the original settings. */
export function toSettings(original: Settings, v: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...original };
  for (const group of GROUPS) {
    for (const { key, kind } of group.fields) {
      if (kind === 'readonly' || kind === 'server') continue;
      if (kind === 'boolean') out[key] = Boolean(v[key]);
      else if (kind === 'number') out[key] = numberOf(text(v, key));
      else if (kind === 'list')
        out[key] = text(v, key)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      else if (kind === 'nullable') out[key] = text(v, key).trim() === '' ? null : text(v, key).trim();
      else out[key] = text(v, key);
    }
  }
  const costs: Record<string, unknown> = {};
  const prices: Record<string, Record<string, unknown>> = {};
  for (const country of tableCountries(original)) {
    const cost = numberOf(text(v, `minimum_message_costs.${country}.costs`));
    if (cost !== undefined) costs[country] = { costs: cost, currency: text(v, `minimum_message_costs.${country}.currency`) };
    for (const pkg of PACKAGE_IDS) {
      const price = numberOf(text(v, `package_prices.${country}.${pkg}`));
      if (price !== undefined) (prices[country] ??= {})[pkg] = price;
    }
  }
  const money: Record<string, string[]> = {};
  for (const lang of LANGUAGES) {
    const words = text(v, `held_money_words.${lang}`)
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean);
    // a language the site has no list for stays without one unless words were typed (not an empty change)
    if (words.length > 0 || original.held_money_words?.[lang] !== undefined) money[lang] = words;
  }
  out.held_money_words = money;
  out.minimum_message_costs = costs;
  out.package_prices = prices;
  return out;
}

/** The top-level settings a change touches (for the confirm dialog). */
export function changedKeys(original: Settings, next: Record<string, unknown>): string[] {
  return Object.keys(next).filter((k) => !sameSetting((original as Record<string, unknown>)[k], next[k]));
}

/** The form input a server field path belongs to (`countries.2` -> `countries`). */
export function inputOf(field: string): string {
  if (/^(minimum_message_costs|package_prices)\.[A-Z]{2}\./.test(field)) return field.split('.').slice(0, 3).join('.');
  if (/^held_money_words\.[a-z]{2}/.test(field)) return field.split('.').slice(0, 2).join('.');
  return field.split('.')[0] ?? field;
}
