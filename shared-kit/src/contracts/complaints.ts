/**
 * Complaints (issue 15): the `/complaints` form (POST /api/complaints.php, anyone) and the
 * moderators' queue (open first, oldest first) where staff mark a complaint handled with a note;
 * the complainant then gets a mail in the language of the page they wrote from.
 */
import { z } from 'zod';
import { ZLanguage } from './core';

export const ZComplaintRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    subject: z.string().trim().min(3).max(150),
    message: z.string().trim().min(10).max(5000),
    /** the page's language; the handled mail is written in it (default: the request's language) */
    language: ZLanguage.optional(),
  })
  .strict();
export type ComplaintRequest = z.infer<typeof ZComplaintRequest>;

export const ZComplaintCreated = z.object({ id: z.number().int(), status: z.literal('open') });

export const ZComplaintStatus = z.enum(['open', 'handled']);
export type ComplaintStatus = z.infer<typeof ZComplaintStatus>;

export const ZComplaint = z.object({
  id: z.number().int(),
  site_domain: z.string(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: ZLanguage,
  status: ZComplaintStatus,
  note: z.string().nullable(),
  handled_by_email: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Complaint = z.infer<typeof ZComplaint>;

export const ZComplaintQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** free text: name, e-mail, subject or message */
  q: z.string().trim().max(100).optional(),
  status: z.enum(['open', 'handled', 'all']).default('all'),
});
export type ComplaintQuery = z.infer<typeof ZComplaintQuery>;

export const ZComplaintPage = z.object({
  complaints: z.array(ZComplaint),
  total: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
export type ComplaintPage = z.infer<typeof ZComplaintPage>;

export const ZComplaintIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The note is required; the server says so (400 on `note`) inside the audited action. */
export const ZComplaintHandle = z.object({ note: z.string().max(2000) });
export type ComplaintHandle = z.infer<typeof ZComplaintHandle>;
