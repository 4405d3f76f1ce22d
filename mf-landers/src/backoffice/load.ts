// The lazily loaded staff chunk: its texts and its pages (staff-routes.tsx imports this on demand).
import './i18n';

export { default as AuditPage } from './audit-page';
export { default as ComplaintsPage } from './complaints-page';
export { default as SiteSettingsPage } from './site-settings-page';
export { default as SitesPage } from './sites-page';
