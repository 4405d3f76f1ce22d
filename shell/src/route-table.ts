/**
 * The shell's route table (spec section 2): URL pattern -> owning remote + layout.
 *
 * The shell only decides WHICH remote owns a URL and WHICH layout surrounds it; the remote's own
 * `./routes` (absolute paths) render the page inside that layout with `useRoutes`.
 *
 * Decision (index `/`): owned by mf_landers for everybody. Visitors get the landing hero with the
 * sign-up call to action; a logged-in member is sent on to the member overview (/members), which
 * mf_members owns. One owner keeps the table static and keeps the front door working even when
 * mf_members is down.
 * Decision (/lang-config): a language chooser page, owned by mf_landers (static content).
 */
import { matchPath } from 'react-router';

export const REMOTES = ['mf_auth_signup', 'mf_members', 'mf_chat', 'mf_payments', 'mf_landers'] as const;
export type RemoteName = (typeof REMOTES)[number];
export type LayoutKind = 'default' | 'chat' | 'lander' | 'empty';

export interface RouteEntry {
  /** react-router pattern (absolute). Optional segments `:x?`, splat `*`. */
  readonly pattern: string;
  readonly remote: RemoteName;
  readonly layout: LayoutKind;
}

const r = (pattern: string, remote: RemoteName, layout: LayoutKind = 'default'): RouteEntry => ({ pattern, remote, layout });

/** Order matters: the first matching entry wins (specific before generic). */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  r('/', 'mf_landers'),
  // identity (mf_auth_signup)
  r('/signup', 'mf_auth_signup'),
  r('/signup-matches', 'mf_auth_signup'),
  r('/login', 'mf_auth_signup'),
  r('/activate/done', 'mf_auth_signup'),
  r('/activate/error', 'mf_auth_signup'),
  r('/reset-password', 'mf_auth_signup'),
  r('/reset-password/do', 'mf_auth_signup'),
  r('/complete-signup', 'mf_auth_signup'),
  r('/mail-change/do', 'mf_auth_signup'),
  r('/account-deleted', 'mf_auth_signup'),
  r('/account/*', 'mf_auth_signup'),
  // chat (mf_chat, chat layout)
  r('/chats', 'mf_chat', 'chat'),
  r('/chats/:id', 'mf_chat', 'chat'),
  r('/members/:id/chat', 'mf_chat', 'chat'),
  // landers on member urls (mf_landers)
  r('/members/:id/landing', 'mf_landers', 'lander'),
  r('/members/:id/landing2/:slug?', 'mf_landers', 'lander'),
  r('/members/:id/landing3/:slug?', 'mf_landers', 'lander'),
  r('/members/:id/signup', 'mf_landers', 'empty'),
  // members (mf_members)
  r('/members', 'mf_members'),
  r('/members/:id', 'mf_members'),
  r('/likes', 'mf_members'),
  r('/likes/m/:id', 'mf_members'),
  r('/likes/:type', 'mf_members'),
  r('/swipe-game', 'mf_members'),
  r('/match-finder', 'mf_members'),
  r('/profile', 'mf_members'),
  r('/profile/*', 'mf_members'),
  r('/notifications', 'mf_members'),
  // payments (mf_payments)
  r('/credits', 'mf_payments'),
  r('/credits/repeat-order', 'mf_payments'),
  r('/credits/:id/:paymentmethod?', 'mf_payments'),
  r('/directdebit', 'mf_payments'),
  r('/premium', 'mf_payments'),
  r('/pricing', 'mf_payments'),
  r('/transactions/:id?', 'mf_payments'),
  // landers and static pages (mf_landers)
  r('/landers/*', 'mf_landers', 'lander'),
  r('/pages/*', 'mf_landers'),
  r('/complaints', 'mf_landers'),
  r('/lang-config', 'mf_landers'),
];

export interface ResolvedRoute extends RouteEntry {
  readonly params: Readonly<Record<string, string | undefined>>;
}

/** Resolve a pathname to its owner, or null for an unknown page (the shell's 404). */
export function resolveRoute(pathname: string): ResolvedRoute | null {
  const path = normalisePath(pathname);
  for (const entry of ROUTE_TABLE) {
    const match = matchPath({ path: entry.pattern, end: true, caseSensitive: false }, path);
    if (match) return { ...entry, params: match.params };
  }
  return null;
}

function normalisePath(pathname: string): string {
  const withoutQuery = pathname.split(/[?#]/)[0] ?? '/';
  if (withoutQuery.length > 1 && withoutQuery.endsWith('/')) return withoutQuery.replace(/\/+$/, '') || '/';
  return withoutQuery || '/';
}

/** Pages where the default layout hides the site-entry warning (spec section 2). */
export const ENTRY_WARNING_HIDDEN = ['/complete-signup', '/reset-password', '/reset-password/do'] as const;

/** The "members area" of spec section 2 (time-bonus modal, back button in app mode). */
export function isMembersArea(pathname: string): boolean {
  return ['/members', '/members/:id', '/chats', '/chats/:id', '/likes', '/likes/m/:id', '/premium'].some(
    (pattern) => matchPath({ path: pattern, end: true }, normalisePath(pathname)) !== null,
  );
}
