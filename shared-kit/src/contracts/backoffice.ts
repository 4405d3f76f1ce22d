/**
 * The back office's shared contract (issue 15): staff roles, the staff areas (which page, which
 * remote, which role) and the audit log. The server checks every `/api/backoffice/*` call's role;
 * the shell uses the same table for the staff menu, so a page and its call ask for the same role.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';

export const STAFF_ROLES = ['moderator', 'operator', 'payments', 'release', 'admin'] as const;
export const ZStaffRole = lazySchema(() => z.enum(STAFF_ROLES));
export type StaffRole = z.infer<typeof ZStaffRole>;

/** Whether a staff member with `roles` may work in `role`'s area: admin may do everything. */
export function hasStaffRole(roles: readonly string[] | null | undefined, role: StaffRole): boolean {
  return !!roles && (roles.includes(role) || roles.includes('admin'));
}

export interface StaffArea {
  /** the page's path below /backoffice/ */
  readonly area: string;
  readonly role: StaffRole;
}

/** Every staff page, in menu order (the route table sends `/backoffice/<area>/*` to its remote). */
export const STAFF_AREAS: readonly StaffArea[] = [
  { area: 'photos', role: 'moderator' },
  { area: 'members', role: 'moderator' },
  { area: 'bans', role: 'moderator' },
  { area: 'reports', role: 'moderator' },
  { area: 'verifications', role: 'moderator' },
  { area: 'complaints', role: 'moderator' },
  { area: 'operator', role: 'operator' },
  { area: 'held-messages', role: 'moderator' },
  { area: 'codes', role: 'payments' },
  { area: 'blocked', role: 'payments' },
  { area: 'payments', role: 'payments' },
  { area: 'sites', role: 'admin' },
  { area: 'audit', role: 'admin' },
  // the shell's own page (issue 27): the platform owns releases
  { area: 'releases', role: 'release' },
];

/** The areas a staff member with `roles` may open, in menu order. */
export function staffAreasFor(roles: readonly string[] | null | undefined): StaffArea[] {
  return STAFF_AREAS.filter((a) => hasStaffRole(roles, a.role));
}

/** One row of the audit log: every staff action, done or refused. */
export const ZAuditEntry = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    staff_id: z.number().check(z.int()),
    staff_email: z.string(),
    action: z.string(),
    target: z.nullable(z.string()),
    outcome: z.enum(['done', 'refused']),
    /** the refusal's error code */
    error: z.nullable(z.string()),
    before: z.nullable(z.unknown()),
    after: z.nullable(z.unknown()),
    created_at: z.string(),
  }),
);
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
    /** free text: matched against the action, the target and the staff member's e-mail */
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    staff_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
  }),
);
export type AuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditPage = lazySchema(() =>
  z.object({
    entries: z.array(ZAuditEntry),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type AuditPage = z.infer<typeof ZAuditPage>;
