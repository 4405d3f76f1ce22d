/** Sites: the domains, their settings and price lists, regions and interests. The module's public face. */
export { default } from './routes';
export { SiteRegistry, getSiteById, type SiteContext } from './service';
export { default as sitesPlugin } from './plugin';
export { DEMO_SITES } from './defaults';
export { INTERESTS } from './interests';
export { regionOfCountry, regionsOf } from './regions';
