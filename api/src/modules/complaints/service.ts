/**
 * Complaints (issue 15): the `/complaints` form stores one row; moderators work the queue (open
 * first, oldest first) and mark a complaint handled with a note; the complainant then gets a
 * mail in the language of the page they wrote from, through the mail outbox (platform/mail.ts).
 */
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Complaint, ComplaintPage, ComplaintQuery, ComplaintRequest } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { complaints, sites } from '../../db/schema';
import { AppError } from '../../errors';
import { isLang } from '../../i18n';
import type { Lang } from '../../i18n';
import { queueMail } from '../../platform/mail';
import type { UserRow } from '../../platform/session';
import { linkBase } from '../../platform/mail-links';
import { getSiteById } from '../sites';

export const COMPLAINTS_PAGE_SIZE = 25;

type Row = typeof complaints.$inferSelect;

function toComplaint(r: Row, domain: string): Complaint {
  return {
    id: r.id,
    site_domain: domain,
    user_id: r.userId,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    language: (isLang(r.language) ? r.language : 'nl') as Lang,
    status: r.status as Complaint['status'],
    note: r.note,
    handled_by_email: r.handledByEmail,
    handled_at: r.handledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export async function createComplaint(db: DbOrTx, input: ComplaintRequest & { siteId: number; userId: number | null; lang: Lang }) {
  const [row] = await db
    .insert(complaints)
    .values({
      siteId: input.siteId,
      userId: input.userId,
      name: input.name,
      email: input.email.trim().toLowerCase(),
      subject: input.subject,
      message: input.message,
      language: input.language ?? input.lang,
    })
    .returning({ id: complaints.id });
  if (!row) throw new AppError('internal', { status: 500 });
  return { id: row.id, status: 'open' as const };
}

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The queue: open first, oldest first within each; `q` matches name, e-mail, subject and message. */
export async function listComplaints(db: DbOrTx, query: ComplaintQuery): Promise<ComplaintPage> {
  const like = query.q ? escapeLike(query.q) : null;
  const where = and(
    query.status === 'all' ? undefined : eq(complaints.status, query.status),
    like
      ? or(ilike(complaints.name, like), ilike(complaints.email, like), ilike(complaints.subject, like), ilike(complaints.message, like))
      : undefined,
  );
  const [rows, [total], [open]] = await Promise.all([
    db
      .select({ c: complaints, domain: sites.domain })
      .from(complaints)
      .innerJoin(sites, eq(sites.id, complaints.siteId))
      .where(where)
      .orderBy(desc(sql`${complaints.status} = 'open'`), asc(complaints.createdAt), asc(complaints.id))
      .limit(COMPLAINTS_PAGE_SIZE)
      .offset((query.page - 1) * COMPLAINTS_PAGE_SIZE),
    db.select({ n: count() }).from(complaints).where(where),
    db.select({ n: count() }).from(complaints).where(eq(complaints.status, 'open')),
  ]);
  return {
    complaints: rows.map((r) => toComplaint(r.c, r.domain)),
    total: total?.n ?? 0,
    open: open?.n ?? 0,
    page: query.page,
    per_page: COMPLAINTS_PAGE_SIZE,
  };
}

/**
 * Mark an open complaint handled with `note` and queue the complainant's mail, both in `tx`
 * (the staff action's transaction): 404 unknown, 409 already handled (the update is guarded by
 * `status = 'open'`, so two moderators cannot both handle it), 400 for an empty note.
 */
export async function handleComplaint(
  tx: DbOrTx,
  id: number,
  rawNote: string,
  staff: Pick<UserRow, 'id' | 'email'>,
  config: { PUBLIC_URL?: string | undefined; PORT: number },
) {
  const note = rawNote.trim();
  if (!note) throw new AppError('validation', { status: 400, field: 'note', messageCode: 'validation_required' });
  const [row] = await tx
    .update(complaints)
    .set({ status: 'handled', note, handledBy: staff.id, handledByEmail: staff.email, handledAt: new Date() })
    .where(and(eq(complaints.id, id), eq(complaints.status, 'open')))
    .returning();
  if (!row) {
    const [exists] = await tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.id, id));
    throw exists ? new AppError('complaint_already_handled', { status: 409 }) : new AppError('complaint_not_found', { status: 404 });
  }
  const site = await getSiteById(tx, row.siteId);
  if (!site) throw new AppError('internal', { status: 500 });
  const lang: Lang = isLang(row.language) ? row.language : 'nl';
  const mailId = await queueMail(tx, {
    kind: 'complaint_handled',
    lang,
    to: row.email,
    siteId: site.id,
    userId: row.userId,
    vars: {
      name: row.name,
      siteName: site.settings.name,
      domain: site.settings.domain || site.domain,
      siteUrl: linkBase(site, config),
      topic: row.subject,
      note,
    },
  });
  return { complaint: toComplaint(row, site.domain), mailId, siteName: site.settings.name };
}
