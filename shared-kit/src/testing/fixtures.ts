/**
 * Valid wire objects for tests (`@dating/shared-kit/testing`). Each builder returns an object that
 * passes its zod schema; pass overrides for what the test is about.
 */
import type { Profile, Settings, User } from '../contracts/core';

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 101,
    name: 'Sanne',
    age: 31,
    gender: 'female',
    sexuality: 'hetero',
    country: 'NL',
    region: 'NH',
    city: 'Haarlem',
    reason: null,
    about: 'Houd van fietsen en koffie.',
    interests: ['travel', 'music'],
    hair_color: 'blond',
    eye_color: 'blue',
    body_type: 'slim',
    relationship_status: 'single',
    tattoos: false,
    status: 'active',
    fictional: false,
    main_image: {
      id: 7,
      filename: 'uploads/7.jpg',
      thumb_filename: 'uploads/7-thumb.jpg',
      status: 'active',
      match: 'uploads/7-match.jpg',
    },
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'jan@example.com',
    profile: makeProfile({ id: 1, name: 'Jan', gender: 'male' }),
    credits: 25,
    paid_user: false,
    fictional_icon: '/img/fictional.svg',
    language: 'nl',
    status: 'active',
    notifications_disabled: [],
    email_confirmed: true,
    signup_at: '2026-11-21T10:00:00.000Z',
    unread_messages: 0,
    new_likes: 0,
    is_staff: false,
    staff_roles: [],
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    name: 'Demo Dating',
    domain: 'localhost',
    domain_language: 'nl-NL',
    cdn_prefix: '',
    niche: 1,
    countries: ['NL', 'BE'],
    index_title: 'Demo Dating',
    description: 'Ontmoet nieuwe mensen',
    visible_profile_fields: [],
    visible_profile_notes: [],
    geoip_country: 'NL',
    geoip_selected_country: null,
    message_credits: 5,
    signup_credits: 10,
    photo_credits: 10,
    gift_credits: 20,
    message_length: 500,
    chat_history_days: 90,
    chatpal_warning_messages: 50,
    report_hold_threshold: 3,
    report_hold_window_hours: 24,
    release_rollback_factor: 3,
    release_rollback_min_errors: 20,
    release_rollback_window_minutes: 10,
    held_first_messages: 5,
    held_account_hours: 24,
    held_messengers: ['whatsapp', 'telegram'],
    held_money_words: { nl: ['stuur me geld'], en: ['send me money'] },
    minimum_message_costs: {},
    package_prices: {},
    support_email: 'support@example.com',
    support_phone: '020-123 45 67',
    push_public_key: null,
    search_fields: [],
    fictional_icon: '/img/fictional.svg',
    fictional_warning: 'Dit profiel is fictief en niet beschikbaar voor fysiek contact.',
    fictional_singular: 'chatpal',
    fictional_plural: 'chatpals',
    refund_days: 14,
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    enable_site_entry_popup: true,
    member_resell: false,
    ...overrides,
  };
}
