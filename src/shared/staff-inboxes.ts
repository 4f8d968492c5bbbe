import { z } from 'zod';
import { playerProblemSchema } from './playback';
import { pageQuerySchema } from './social';
import { inboxStatuses } from './staff-constants';
import { customIssue } from './validation';

/**
 * The console's inboxes: contact messages (role support) and player problem reports (moderator or
 * support), each with a status (new, in progress, done) and an internal note the sender never sees.
 * - GET /staff/inbox/contact?status&page → `ContactInbox`; GET /staff/inbox/player-reports → `ReportInbox`
 *   (oldest first within a status; without `status`, everything not done).
 * - POST /staff/inbox/contact/{id} and /staff/inbox/player-reports/{id} `{ status?, note? }` →
 *   `{ message, item }`; audited as contact.update / player_report.update with before and after.
 */

export const INBOX_PAGE_SIZE = 20;

export const inboxStatusSchema = z.enum(inboxStatuses);

export const inboxQuerySchema = pageQuerySchema.extend({
  status: inboxStatusSchema.optional().meta({ param: { name: 'status', in: 'query' } }),
});

export const inboxUpdateSchema = z
  .object({
    status: inboxStatusSchema.optional(),
    note: z.string().trim().max(4000).optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    ...customIssue('required'),
    path: ['status'],
  })
  .meta({ id: 'InboxUpdate' });
export type InboxUpdate = z.infer<typeof inboxUpdateSchema>;

const handling = {
  status: inboxStatusSchema,
  note: z.string(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
};

export const contactItemSchema = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    phone: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    locale: z.string(),
    ...handling,
  })
  .meta({ id: 'ContactInboxItem' });
export type ContactItem = z.infer<typeof contactItemSchema>;

export const reportItemSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    product_title: z.string(),
    en_product_title: z.string(),
    episode_id: z.number().int().nullable(),
    /** The reporting account, when logged in. */
    user_id: z.number().int().nullable(),
    position_seconds: z.number().int(),
    problem: playerProblemSchema,
    description: z.string(),
    browser: z.string(),
    streaming_ip: z.string().nullable(),
    effective_type: z.string().nullable(),
    downlink: z.number().nullable(),
    ...handling,
  })
  .meta({ id: 'PlayerReportInboxItem' });
export type ReportItem = z.infer<typeof reportItemSchema>;

const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ items: z.array(item), page: z.number().int(), has_more: z.boolean() }).meta({ id });

export const contactInboxSchema = pageOf(contactItemSchema, 'ContactInbox');
export type ContactInbox = z.infer<typeof contactInboxSchema>;
export const reportInboxSchema = pageOf(reportItemSchema, 'ReportInbox');
export type ReportInbox = z.infer<typeof reportInboxSchema>;

export const contactItemResponseSchema = z
  .object({ message: z.string(), item: contactItemSchema })
  .meta({ id: 'ContactInboxChange' });
export type ContactItemResponse = z.infer<typeof contactItemResponseSchema>;
export const reportItemResponseSchema = z
  .object({ message: z.string(), item: reportItemSchema })
  .meta({ id: 'PlayerReportInboxChange' });
export type ReportItemResponse = z.infer<typeof reportItemResponseSchema>;
