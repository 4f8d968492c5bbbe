import { z } from 'zod';
import { paymentSchema } from './commerce';
import { idTextSchema } from './ids';
import { ownTicketsSchema } from './playback';
import { shopOrderSchema } from './shop';
import { staffRoles } from './staff-constants';
import { activeSessionSchema, profileSchema } from './users';

/**
 * The staff console's viewers section (issue 17, docs/decisions/0030-console-shop-and-viewers.md),
 * under /api/v1/staff/viewers, for the `support` role (and admin):
 *
 * - GET /staff/viewers?q → `ViewerSearch`: accounts by phone (any way it is typed), e-mail or name.
 * - GET /staff/viewers/{id} → `ViewerDetail`: profiles, live sessions, tickets, latest payments, orders.
 * - DELETE /staff/viewers/{id}/sessions/{session} and DELETE /staff/viewers/{id}/sessions (all) →
 *   `ViewerActionResponse`: the sessions' tokens stop working at once.
 * - POST /staff/viewers/{id}/block and /unblock → `ViewerActionResponse`. A blocked account cannot log in
 *   and its sessions end; only an admin may block a staff member, nobody themselves.
 */

export const VIEWER_SEARCH_LIMIT = 20;

export const viewerSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2)
    .max(100)
    .meta({ param: { name: 'q', in: 'query' } }),
});

export const viewerSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    created_at: z.string(),
    blocked_at: z.string().nullable(),
    deleted: z.boolean(),
    staff_roles: z.array(z.enum(staffRoles)),
  })
  .meta({ id: 'ViewerSummary' });
export type ViewerSummary = z.infer<typeof viewerSummarySchema>;

export const viewerSearchSchema = z
  .object({ viewers: z.array(viewerSummarySchema), has_more: z.boolean() })
  .meta({ id: 'ViewerSearch' });
export type ViewerSearch = z.infer<typeof viewerSearchSchema>;

export const viewerDetailSchema = z
  .object({
    viewer: viewerSummarySchema,
    profiles: z.array(profileSchema),
    sessions: z.array(activeSessionSchema),
    tickets: ownTicketsSchema.shape.tickets,
    /** The latest 20 payments, newest first. */
    payments: z.array(paymentSchema),
    orders: z.array(shopOrderSchema),
  })
  .meta({ id: 'ViewerDetail' });
export type ViewerDetail = z.infer<typeof viewerDetailSchema>;

export const viewerSessionParamsSchema = z.object({
  id: idTextSchema.meta({ param: { name: 'id', in: 'path' }, example: 8 }),
  session: idTextSchema.meta({ param: { name: 'session', in: 'path' }, example: 21 }),
});

export const viewerActionResponseSchema = z
  .object({ viewer: viewerDetailSchema, message: z.string() })
  .meta({ id: 'ViewerActionResponse' });
export type ViewerActionResponse = z.infer<typeof viewerActionResponseSchema>;
