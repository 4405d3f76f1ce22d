/** The footer of spec section 2 (shared-kit's Footer, also on mf-landers' light lander page) with the site's settings. */
import { useSettings } from '@dating/shared-kit/state';
import { Footer as SiteFooter } from '@dating/shared-kit/ui';

export { FOOTER_LINKS } from '@dating/shared-kit/ui';

export function Footer({ links = true }: { links?: boolean }) {
  return <SiteFooter settings={useSettings()} links={links} />;
}
