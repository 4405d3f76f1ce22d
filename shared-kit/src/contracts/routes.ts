/**
 * The site's route table (spec section 2): URL pattern -> owning remote + layout. One table for the
 * shell (which remote renders a page, in which layout) and the server (an unknown page is a 404).
 *
 * The shell only decides WHICH remote owns a URL and WHICH layout surrounds it; the remote's own
 * `./routes` (absolute paths) render the page inside that layout.
 *
 * Decision (index `/`): owned by mf_landers for everybody. Visitors get the landing hero with the
 * sign-up call to action; a logged-in member is sent on to the member overview (/members), which
 * mf_members owns. One owner keeps the table static and keeps the front door working even when
 * mf_members is down.
 * Decision (/lang-config): a language chooser page, owned by mf_landers (static content).
 *
 * Patterns: `:x` one segment, `:x?` an optional segment, a trailing `*` the rest (may be empty);
 * matched case-insensitively, a trailing slash ignored (react-router's rules for these forms).
 */

export const REMOTES = ['mf_auth_signup', 'mf_members', 'mf_chat', 'mf_payments', 'mf_landers'] as const;
export type RemoteName = (typeof REMOTES)[number];
export type LayoutKind = 'default' | 'chat' | 'lander' | 'empty' | 'staff';

export interface RouteEntry {
  /** react-router pattern (absolute). Optional segments `:x?`, splat `*`. */
  readonly pattern: string;
  readonly remote: RemoteName;
  readonly layout: LayoutKind;
  /**
   * 'member': the page is only for a logged-in member. The shell shows its login prompt instead of
   * the remote's page to a visitor, and swaps the page for the prompt when a call ends the session
   * (403 `authentication_required`, or a 401): one place, so no page waits forever on a refused call.
   */
  readonly session?: 'member' | 'staff';
}

const r = (pattern: string, remote: RemoteName, layout: LayoutKind = 'default'): RouteEntry => ({ pattern, remote, layout });
/** A page only for logged-in members (see RouteEntry.session). */
const member = (pattern: string, remote: RemoteName, layout: LayoutKind = 'default'): RouteEntry => ({
  pattern,
  remote,
  layout,
  session: 'member',
});

/**
 * A staff page (issue 15, ARCHITECTURE "staff pages live in the remote that owns the area"): the
 * staff layout; a visitor gets the login prompt, a member the shell's "staff only" page. The
 * server checks every staff call's role whatever the page shows.
 */
const staff = (area: string, remote: RemoteName): RouteEntry => ({
  pattern: `/backoffice/${area}/*`,
  remote,
  layout: 'staff',
  session: 'staff',
});

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
  member('/complete-signup', 'mf_auth_signup'),
  r('/mail-change/do', 'mf_auth_signup'),
  r('/account-deleted', 'mf_auth_signup'),
  member('/account/*', 'mf_auth_signup'),
  // chat (mf_chat, chat layout)
  member('/chats', 'mf_chat', 'chat'),
  member('/chats/:id', 'mf_chat', 'chat'),
  member('/members/:id/chat', 'mf_chat', 'chat'),
  // landers on member urls (mf_landers)
  r('/members/:id/landing', 'mf_landers', 'lander'),
  r('/members/:id/landing2/:slug?', 'mf_landers', 'lander'),
  r('/members/:id/landing3/:slug?', 'mf_landers', 'lander'),
  r('/members/:id/signup', 'mf_landers', 'empty'),
  // members (mf_members)
  r('/members', 'mf_members'),
  r('/members/:id', 'mf_members'),
  member('/likes', 'mf_members'),
  member('/likes/m/:id', 'mf_members'),
  member('/likes/:type', 'mf_members'),
  member('/swipe-game', 'mf_members'),
  member('/match-finder', 'mf_members'),
  member('/profile', 'mf_members'),
  member('/profile/*', 'mf_members'),
  member('/notifications', 'mf_members'),
  // payments (mf_payments)
  r('/credits', 'mf_payments'),
  member('/credits/repeat-order', 'mf_payments'),
  member('/credits/:id/:paymentmethod?', 'mf_payments'),
  member('/directdebit', 'mf_payments'),
  r('/premium', 'mf_payments'),
  r('/pricing', 'mf_payments'),
  member('/transactions/:id?', 'mf_payments'),
  // landers and static pages (mf_landers)
  r('/landers/*', 'mf_landers', 'lander'),
  r('/pages/*', 'mf_landers'),
  r('/complaints', 'mf_landers'),
  r('/lang-config', 'mf_landers'),
  // back office (staff layout): each area in the remote that owns it; `/backoffice` itself is the
  // shell's staff home (the first area the staff member's roles open)
  staff('photos', 'mf_members'),
  staff('members', 'mf_members'),
  staff('bans', 'mf_members'),
  staff('reports', 'mf_members'),
  staff('verifications', 'mf_members'),
  staff('complaints', 'mf_landers'),
  staff('operator', 'mf_chat'),
  staff('held-messages', 'mf_chat'),
  staff('codes', 'mf_payments'),
  staff('blocked', 'mf_payments'),
  staff('payments', 'mf_payments'),
  staff('sites', 'mf_landers'),
  staff('audit', 'mf_landers'),
];

/**
 * Pages the shell renders itself, without a remote (`/backoffice`: the staff home, StaffHome;
 * `/backoffice/releases`: the releases of every remote, issue 27).
 */
export const SHELL_PAGES: readonly string[] = ['/backoffice', '/backoffice/releases'];

/** Whether the shell renders `pathname` itself (SHELL_PAGES). */
export function isShellPage(pathname: string): boolean {
  return SHELL_PAGES.includes(normalisePath(pathname).toLowerCase());
}

export interface ResolvedRoute extends RouteEntry {
  readonly params: Readonly<Record<string, string | undefined>>;
}

interface CompiledPattern {
  readonly regex: RegExp;
  readonly names: readonly string[];
}

const compiled = new Map<string, CompiledPattern>();

function compile(pattern: string): CompiledPattern {
  let found = compiled.get(pattern);
  if (found) return found;
  const names: string[] = [];
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      names.push('*');
      source += '(?:/(.*))?';
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
  }
  found = { regex: new RegExp(`^${source}/?$`, 'i'), names };
  compiled.set(pattern, found);
  return found;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The path without query, hash and trailing slash ("/likes/?x=1" -> "/likes"). */
export function normalisePath(pathname: string): string {
  const withoutQuery = pathname.split(/[?#]/)[0] ?? '/';
  if (withoutQuery.length > 1 && withoutQuery.endsWith('/')) return withoutQuery.replace(/\/+$/, '') || '/';
  return withoutQuery || '/';
}

/** The params of `pattern` in `pathname`, or null when it does not match. */
export function matchRoutePattern(pattern: string, pathname: string): Record<string, string | undefined> | null {
  const { regex, names } = compile(pattern);
  const match = regex.exec(normalisePath(pathname));
  if (!match) return null;
  const params: Record<string, string | undefined> = {};
  names.forEach((name, i) => {
    const value = match[i + 1];
    params[name] = value === undefined ? (name === '*' ? '' : undefined) : decode(value);
  });
  return params;
}

/** Resolve a pathname to its owner, or null for an unknown page (a 404). */
export function resolveRoute(pathname: string): ResolvedRoute | null {
  for (const entry of ROUTE_TABLE) {
    const params = matchRoutePattern(entry.pattern, pathname);
    if (params) return { ...entry, params };
  }
  return null;
}

/** The "members area" of spec section 2 (the time-bonus modal opens after 40 s there). */
export const MEMBERS_AREA = ['/members', '/members/:id', '/chats', '/chats/:id', '/likes', '/likes/m/:id', '/premium'] as const;

export function isMembersArea(pathname: string): boolean {
  return MEMBERS_AREA.some((pattern) => matchRoutePattern(pattern, pathname) !== null);
}
