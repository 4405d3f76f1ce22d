/**
 * The shell's view of the route table (spec section 2). The table itself lives in shared-kit
 * (`@dating/shared-kit/contracts`, routes.ts) because the server answers unknown pages with a 404
 * from the same table.
 */
export { REMOTES, ROUTE_TABLE, isMembersArea, resolveRoute } from '@dating/shared-kit/contracts';
export type { LayoutKind, RemoteName, ResolvedRoute, RouteEntry } from '@dating/shared-kit/contracts';

/** Pages where the default layout hides the site-entry warning (spec section 2). */
export const ENTRY_WARNING_HIDDEN = ['/complete-signup', '/reset-password', '/reset-password/do'] as const;
