/**
 * Complaints (issue 15): the `/complaints` form (POST /api/complaints.php, anyone) and the
 * moderators' queue (open first, oldest first) where staff mark a complaint handled with a note;
 * the complainant then gets a mail in the language of the page they wrote from.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZLanguage } from './core';

export const ZComplaintRequest = lazySchema(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    email: z.email().check(z.maxLength(254)),
    subject: z.string().check(z.trim(), z.minLength(3), z.maxLength(150)),
    message: z.string().check(z.trim(), z.minLength(10), z.maxLength(5000)),
    /** the page's language; the handled mail is written in it (default: the request's language) */
    language: z.optional(ZLanguage),
  }),
);
export type ComplaintRequest = z.infer<typeof ZComplaintRequest>;

export const ZComplaintCreated = lazySchema(() => z.object({ id: z.number().check(z.int()), status: z.literal('open') }));

export const ZComplaintStatus = lazySchema(() => z.enum(['open', 'handled']));
export type ComplaintStatus = z.infer<typeof ZComplaintStatus>;

export const ZComplaint = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    site_domain: z.string(),
    user_id: z.nullable(z.number().check(z.int())),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    language: ZLanguage,
    status: ZComplaintStatus,
    note: z.nullable(z.string()),
    handled_by_email: z.nullable(z.string()),
    handled_at: z.nullable(z.string()),
    created_at: z.string(),
  }),
);
export type Complaint = z.infer<typeof ZComplaint>;

export const ZComplaintQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
    /** free text: name, e-mail, subject or message */
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    status: z._default(z.enum(['open', 'handled', 'all']), 'all'),
  }),
);
export type ComplaintQuery = z.infer<typeof ZComplaintQuery>;

export const ZComplaintPage = lazySchema(() =>
  z.object({
    complaints: z.array(ZComplaint),
    total: z.number().check(z.int(), z.nonnegative()),
    open: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type ComplaintPage = z.infer<typeof ZComplaintPage>;

export const ZComplaintIdParams = lazySchema(() => z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)) }));

/** The note is required; the server says so (400 on `note`) inside the audited action. */
export const ZComplaintHandle = lazySchema(() => z.object({ note: z.string().check(z.maxLength(2000)) }));
export type ComplaintHandle = z.infer<typeof ZComplaintHandle>;
