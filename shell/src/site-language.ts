/** The site's own language and the entry-warning rule of the chat and lander layouts: shared-kit's site-frame.tsx. */
export { entryWarningForSite, siteLanguage } from '@dating/shared-kit/ui';
