/**
 * The shell's view of the route table (spec section 2). The table itself lives in shared-kit
 * (`@dating/shared-kit/contracts`, routes.ts) because the server answers unknown pages with a 404
 * from the same table.
 */
import { matchRoutePattern } from '@dating/shared-kit/contracts';

export { REMOTES, ROUTE_TABLE, resolveRoute } from '@dating/shared-kit/contracts';
export type { LayoutKind, RemoteName, ResolvedRoute, RouteEntry } from '@dating/shared-kit/contracts';

/** Pages where the default layout hides the site-entry warning (spec section 2). */
export const ENTRY_WARNING_HIDDEN = ['/complete-signup', '/reset-password', '/reset-password/do'] as const;

/** The "members area" of spec section 2 (time-bonus modal, back button in app mode). */
export function isMembersArea(pathname: string): boolean {
  return ['/members', '/members/:id', '/chats', '/chats/:id', '/likes', '/likes/m/:id', '/premium'].some(
    (pattern) => matchRoutePattern(pattern, pathname) !== null,
  );
}
