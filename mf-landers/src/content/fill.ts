/**
 * Fills the `{placeholder}` words of a compiled legal text with the site's values (settings.php and
 * companyinfo.php), HTML-escaped: operators type these values, the page must not run them.
 */
import type { CompanyInfo, Settings } from '@dating/shared-kit/contracts';
import { countryName, formatDate } from '@dating/shared-kit/i18n/language';

/** Terms version date: 2023-12-01T12:00:00Z, or the company's `added` date when later (spec section 9). */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';

export function termsVersionDate(company: Pick<CompanyInfo, 'added'> | null): string {
  if (!company) return TERMS_VERSION_DATE;
  const added = Date.parse(company.added);
  return !Number.isNaN(added) && added > Date.parse(TERMS_VERSION_DATE) ? company.added : TERMS_VERSION_DATE;
}

/** Support phone shown cleaned of dashes and spaces (spec section 9). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** Every placeholder the texts may use, with the value for this site and language. */
export function placeholderValues(settings: Settings | null, company: CompanyInfo | null, lng: string): Record<string, string> {
  const country = company?.country ?? '';
  return {
    site_name: settings?.name ?? '',
    site_domain: settings?.domain ?? '',
    support_email: settings?.support_email ?? '',
    support_phone: cleanPhone(settings?.support_phone || company?.support_phone || ''),
    refund_days: String(settings?.refund_days ?? 14),
    message_credits: String(settings?.message_credits ?? ''),
    fictional_singular: settings?.fictional_singular ?? '',
    fictional_plural: settings?.fictional_plural ?? '',
    terms_date: formatDate(termsVersionDate(company), lng),
    company_name: company?.name ?? settings?.name ?? '',
    company_address: company?.address ?? '',
    company_city: company?.city ?? '',
    company_country: country && countryName(country, lng),
    company_registration: company?.registration_number ?? '',
    company_vat: company?.vat_numbers.join(', ') ?? '',
    company_tradenames: company?.tradenames.join(', ') ?? '',
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Values that become links where they stand in the text: the support address and phone. */
const LINKED: Record<string, (value: string) => string> = {
  support_email: (v) => `mailto:${v}`,
  support_phone: (v) => `tel:${v}`,
};

/**
 * `{name}` -> its escaped value (the support e-mail and phone as mailto:/tel: links); unknown
 * names stay as they are (a test finds them).
 */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return html.replace(/\{([a-z_]+)\}/g, (whole, key: string) => {
    if (!(key in values)) return whole;
    const value = escapeHtml(values[key] ?? '');
    const href = LINKED[key];
    return href && value ? `<a href="${href(value)}">${value}</a>` : value;
  });
}
