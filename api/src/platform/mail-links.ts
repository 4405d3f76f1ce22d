/**
 * The base URL of mailed links (activation, password reset, payments, complaints, reports,
 * notices): built from the site's own domain, never from the request (a forged Host header would
 * otherwise put an attacker's domain, and the member's token, into a reset link).
 *
 *   a real domain   -> https://<site domain> (each regional site mails links to itself)
 *   a local domain  -> PUBLIC_URL when set (a single-domain or development setup whose one site is
 *                      the default `localhost`, e.g. the e2e server), else http://<domain>:PORT
 */

/** What of a site the links need (a SiteContext fits). */
export interface LinkSite {
  domain: string;
  settings: { domain?: string | undefined };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function linkBase(s: LinkSite, config: { PUBLIC_URL?: string | undefined; PORT: number }): string {
  const domain = siteDomain(s).trim().toLowerCase();
  if (domain && !LOCAL_HOSTS.has(domain)) return `https://${domain}`;
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://${domain || 'localhost'}:${config.PORT}`;
}

/** The domain a site's mails name: its settings' domain, else the one it is served on. */
export function siteDomain(s: LinkSite): string {
  return s.settings.domain || s.domain;
}
