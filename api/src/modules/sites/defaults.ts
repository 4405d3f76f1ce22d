/**
 * The demo sites created on an empty database (seed) and in tests: `localhost` (default, nl)
 * plus one site per regional domain. Values the product does not fix (credit prices, costs) are
 * plausible demo numbers; operators change them per site in the database.
 */
import { DEFAULT_MESSENGERS, DEFAULT_MONEY_WORDS } from '@dating/shared-kit/contracts';
import type { CompanyInfo, Settings } from '@dating/shared-kit/contracts';
import type { Lang } from '../../i18n';

interface SiteTexts {
  index_title: string;
  description: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
}

export const SITE_TEXTS: Record<Lang, SiteTexts> = {
  nl: {
    index_title: 'Flirtlokaal - Daten en chatten met leuke singles',
    description: 'Maak gratis een profiel, zoek leden bij jou in de buurt, like, match en chat.',
    fictional_warning: 'Dit profiel is fictief en niet beschikbaar voor fysiek contact',
    fictional_singular: 'chatpal',
    fictional_plural: 'chatpals',
  },
  en: {
    index_title: 'Flirtlokaal - Date and chat with fun singles',
    description: 'Create a free profile, search members near you, like, match and chat.',
    fictional_warning: 'This profile is fictional and not available for physical contact',
    fictional_singular: 'chatpal',
    fictional_plural: 'chatpals',
  },
  de: {
    index_title: 'Flirtlokaal - Daten und chatten mit netten Singles',
    description: 'Erstelle kostenlos ein Profil, finde Mitglieder in deiner Nähe, like, matche und chatte.',
    fictional_warning: 'Dieses Profil ist fiktiv und nicht für physischen Kontakt verfügbar',
    fictional_singular: 'Chatpartner',
    fictional_plural: 'Chatpartner',
  },
  es: {
    index_title: 'Flirtlokaal - Citas y chat con solteros divertidos',
    description: 'Crea un perfil gratis, busca miembros cerca de ti, da me gusta, haz match y chatea.',
    fictional_warning: 'Este perfil es ficticio y no está disponible para contacto físico',
    fictional_singular: 'compañero de chat',
    fictional_plural: 'compañeros de chat',
  },
  fr: {
    index_title: 'Flirtlokaal - Rencontres et chat avec des célibataires sympas',
    description: 'Crée un profil gratuit, cherche des membres près de chez toi, like, matche et discute.',
    fictional_warning: "Ce profil est fictif et n'est pas disponible pour un contact physique",
    fictional_singular: 'partenaire de chat',
    fictional_plural: 'partenaires de chat',
  },
  it: {
    index_title: 'Flirtlokaal - Incontri e chat con single simpatici',
    description: 'Crea un profilo gratis, cerca membri vicino a te, metti mi piace, fai match e chatta.',
    fictional_warning: 'Questo profilo è fittizio e non è disponibile per un contatto fisico',
    fictional_singular: 'chatpal',
    fictional_plural: 'chatpal',
  },
  pl: {
    index_title: 'Flirtlokaal - Randki i czat z fajnymi singlami',
    description: 'Załóż darmowy profil, szukaj osób w pobliżu, polub, dopasuj się i czatuj.',
    fictional_warning: 'Ten profil jest fikcyjny i nie jest dostępny do kontaktu fizycznego',
    fictional_singular: 'rozmówca czatu',
    fictional_plural: 'rozmówcy czatu',
  },
};

const COSTS: Settings['minimum_message_costs'] = {
  NL: { costs: 149, currency: 'EUR' },
  BE: { costs: 149, currency: 'EUR' },
  DE: { costs: 149, currency: 'EUR' },
  AT: { costs: 149, currency: 'EUR' },
  FR: { costs: 149, currency: 'EUR' },
  IT: { costs: 149, currency: 'EUR' },
  ES: { costs: 149, currency: 'EUR' },
  IE: { costs: 149, currency: 'EUR' },
  GB: { costs: 129, currency: 'GBP' },
  CH: { costs: 159, currency: 'CHF' },
  PL: { costs: 599, currency: 'PLN' },
  US: { costs: 169, currency: 'USD' },
  CA: { costs: 219, currency: 'CAD' },
  AU: { costs: 249, currency: 'AUD' },
  NZ: { costs: 269, currency: 'NZD' },
};

export interface SiteSeed {
  domain: string;
  isDefault: boolean;
  settings: Settings;
  company: CompanyInfo;
}

function site(domain: string, lang: Lang, countries: string[], phone: string, isDefault = false): SiteSeed {
  const texts = SITE_TEXTS[lang];
  return {
    domain,
    isDefault,
    settings: {
      name: 'Flirtlokaal',
      domain,
      domain_language: lang,
      cdn_prefix: '/uploads/',
      niche: 1,
      countries,
      index_title: texts.index_title,
      description: texts.description,
      visible_profile_fields: [
        'age',
        'country',
        'region',
        'city',
        'reason',
        'about',
        'interests',
        'hair_color',
        'eye_color',
        'body_type',
        'relationship_status',
        'tattoos',
      ],
      visible_profile_notes: ['about'],
      geoip_country: null,
      geoip_selected_country: null,
      message_credits: 10,
      signup_credits: 20,
      photo_credits: 15,
      gift_credits: 25,
      message_length: 1000,
      chat_history_days: 90,
      chatpal_warning_messages: 50,
      report_hold_threshold: 3,
      report_hold_window_hours: 24,
      release_rollback_factor: 3,
      release_rollback_min_errors: 20,
      release_rollback_window_minutes: 10,
      held_first_messages: 5,
      held_account_hours: 24,
      held_messengers: [...DEFAULT_MESSENGERS],
      held_money_words: Object.fromEntries(Object.entries(DEFAULT_MONEY_WORDS).map(([lang, words]) => [lang, [...words]])),
      minimum_message_costs: COSTS,
      package_prices: {},
      support_email: `support@${domain === 'localhost' ? 'flirtlokaal.example' : domain}`,
      support_phone: phone,
      push_public_key: null,
      search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
      fictional_icon: '/static/fictional.svg',
      fictional_warning: texts.fictional_warning,
      fictional_singular: texts.fictional_singular,
      fictional_plural: texts.fictional_plural,
      refund_days: 14,
      signups: 'all',
      logged_out_search: true,
      logged_out_search_trafficsource: false,
      enable_site_entry_popup: true,
      member_resell: true,
    },
    company: {
      name: 'Flirtlokaal B.V.',
      address: 'Keizersgracht 123',
      registration_number: 'KvK 12345678',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: ['Flirtlokaal'],
      vat_numbers: ['NL123456789B01'],
      support_phone: phone,
      delete_discount: 50,
      added: '2024-01-15T12:00:00Z',
    },
  };
}

export const DEMO_SITES: SiteSeed[] = [
  site('localhost', 'nl', ['NL', 'BE'], '+31 20-123 4567', true),
  site('example.de', 'de', ['DE', 'AT', 'CH'], '+49 30-1234 5678'),
  site('example.co.uk', 'en', ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'], '+44 20 7946 0123'),
  site('example.fr', 'fr', ['FR', 'BE', 'CH', 'CA'], '+33 1 23 45 67 89'),
  site('example.es', 'es', ['ES', 'US'], '+34 912 345 678'),
  site('example.it', 'it', ['IT', 'CH'], '+39 06 1234 5678'),
  site('example.pl', 'pl', ['PL'], '+48 22 123 45 67'),
];
