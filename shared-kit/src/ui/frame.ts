/**
 * `@dating/shared-kit/frame`: the parts of shared-kit/ui that need neither the app's store nor its
 * i18n instance (the fictional label from its texts, the brand, the top bar and the footer): what a page
 * outside the app (mf-landers' light pages) can use without pulling in the rest.
 */
export { FictionalBadgeView, fictionalTexts } from './fictional-view';
export type { FictionalBadgeProps, FictionalTexts } from './fictional-view';
export { Brand, FOOTER_LINKS, Footer, LanderBar, PageMain, entryWarningForSite, pageFrameStyle, siteLanguage } from './site-frame';
// the dialog uses shared-kit's Modal, whose texts come through use-common-translation.ts
export { EntryWarningDialog, acceptEntryWarning, entryWarningSeen } from './entry-warning';
export { ENTRY_WARNING_KEY } from '../contracts/constants';
export { LanguageSelect, SkipLink, TopBar, VisitorNavActions } from './top-bar';
