/**
 * A stand-in for `@dating/shared-kit/ui` on the light lander page (a webpack alias of the light
 * builds): the same fictional label and site frame of shared-kit, with the texts and settings the
 * server inlined instead of the app's store and i18n instance.
 */
import { useTranslation } from 'react-i18next';
import { FictionalBadgeView, fictionalTexts } from '@dating/shared-kit/frame';
import type { FictionalBadgeProps } from '@dating/shared-kit/frame';
import { useLightPage } from './data';

export { Brand, Footer, entryWarningForSite, siteLanguage } from '@dating/shared-kit/frame';

function useFictional() {
  const { settings, language } = useLightPage();
  const { t } = useTranslation('common');
  return fictionalTexts(settings, language, t);
}

export function useFictionalWarning(): string {
  return useFictional().warning;
}

export function FictionalBadge(props: FictionalBadgeProps) {
  return <FictionalBadgeView {...useFictional()} {...props} />;
}

/** The light page is only served for a member who is shown (else the server answers the app's 404 page). */
export function NotFoundPage() {
  return null;
}

/** Nothing loads on the light page (its data is inlined). */
export function Spinner({ label }: { label: string }) {
  return <span role="status">{label}</span>;
}
