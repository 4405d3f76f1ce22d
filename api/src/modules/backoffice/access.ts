/**
 * Who may do what in the back office (issue 15), and the audit log every staff action writes.
 *
 * - `requireRole(req, role)`: the logged-in staff member with that role (admin may do everything);
 *   a visitor gets the product's 403 `authentication_required`, a member 403 `staff_only`, staff
 *   without the role 403 `staff_role_required`.
 * - `staffAction(req, {role, action, target}, run)`: checks the role, runs `run` in one transaction
 *   and writes the audit row (who, what, to what, before/after) in that same transaction, so an
 *   action and its audit row land together or not at all.
 * - A refused staff call (no role, bad input, a conflict: any error of an `/api/backoffice/*` call
 *   by a logged-in staff member) is written as `refused` with its error code by the onError hook
 *   of `registerBackofficeGuards`, after the action's transaction has rolled back.
 */
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasStaffRole } from '@dating/shared-kit/contracts';
import type { AuditPage, AuditQuery, StaffRole } from '@dating/shared-kit/contracts';
import { containsPattern } from '../../db/client';
import type { DbOrTx, Tx } from '../../db/client';
import { staffAudit } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUser } from '../../platform/session';
import type { UserRow } from '../../platform/session';

/** The logged-in staff member; else a 403 (`authentication_required` for a visitor, `staff_only` for a member). */
export function requireStaff(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!user.isStaff) throw new AppError('staff_only', { status: 403 });
  return user;
}

/** The logged-in staff member with `role` (or admin); else a 403 (`staff_role_required` for staff without it). */
export function requireRole(req: FastifyRequest, role: StaffRole): UserRow {
  const user = requireStaff(req);
  if (!hasStaffRole(user.staffRoles, role)) throw new AppError('staff_role_required', { status: 403, params: { role } });
  return user;
}

export interface AuditRecord {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Write one `done` audit row for `staff` (inside the action's transaction). */
export async function writeAudit(db: DbOrTx, staff: Pick<UserRow, 'id' | 'email'>, record: AuditRecord): Promise<void> {
  await db.insert(staffAudit).values({
    staffId: staff.id,
    staffEmail: staff.email,
    action: record.action,
    target: record.target ?? null,
    outcome: 'done',
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

export interface StaffActionResult<T> {
  result: T;
  before?: unknown;
  after?: unknown;
  /** when the target is only known once the action ran (e.g. a new code's id) */
  target?: string;
}

/**
 * One staff action: role check, `run` in a transaction, its audit row in the same transaction.
 * Errors propagate (and are audited as refused by the onError hook).
 */
export async function staffAction<T>(
  req: FastifyRequest,
  what: { role: StaffRole; action: string; target?: string | null },
  run: (tx: Tx, staff: UserRow) => Promise<StaffActionResult<T>>,
): Promise<T> {
  const staff = requireRole(req, what.role);
  req.auditAction = what.action;
  req.auditTarget = what.target ?? null;
  return req.server.db.transaction(async (tx) => {
    const done = await run(tx, staff);
    await writeAudit(tx, staff, { action: what.action, target: done.target ?? what.target, before: done.before, after: done.after });
    return done.result;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by staffAction: the audit log's name of the action this request attempts */
    auditAction?: string;
    auditTarget?: string | null;
  }
}

/**
 * For every `/api/backoffice/*` call: visitors and members are refused before their input is
 * even read (403, whatever they send); each route then checks its role. Every refused call of a
 * logged-in staff member is audited (members and visitors are not staff actions).
 */
export function registerBackofficeGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    // CI with the release token (modules/releases) has no session: its routes check the token
    if (req.url.startsWith('/api/backoffice/') && !req.releaseToken) requireStaff(req);
  });
  app.addHook('onError', async (req, _reply, error) => {
    if (!req.url.startsWith('/api/backoffice/') || !req.user?.isStaff) return;
    const code = error instanceof AppError ? error.code : (error as { validation?: unknown }).validation ? 'validation' : 'error';
    try {
      await app.db.insert(staffAudit).values({
        staffId: req.user.id,
        staffEmail: req.user.email,
        action: req.auditAction ?? `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
        target: req.auditTarget ?? null,
        outcome: 'refused',
        error: code,
      });
    } catch (auditError) {
      req.log.error({ err: auditError }, 'could not write the refusal to the audit log');
    }
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, 50 a page; `q` matches action, target and e-mail. */
export async function readAudit(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const like = query.q ? containsPattern(query.q) : null;
  const where = and(
    query.staff_id ? eq(staffAudit.staffId, query.staff_id) : undefined,
    like ? or(ilike(staffAudit.action, like), ilike(staffAudit.target, like), ilike(staffAudit.staffEmail, like)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffAudit)
      .where(where)
      .orderBy(desc(staffAudit.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(staffAudit).where(where),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      staff_id: r.staffId,
      staff_email: r.staffEmail,
      action: r.action,
      target: r.target,
      outcome: r.outcome as 'done' | 'refused',
      error: r.error,
      before: r.before ?? null,
      after: r.after ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    per_page: AUDIT_PAGE_SIZE,
  };
}
