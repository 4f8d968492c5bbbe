import { z } from 'zod';
import { currencies } from './commerce-constants';

/**
 * GET /staff/dashboard (any staff role) → `Dashboard`: today in Tehran (from 00:00 Iran time), what
 * is happening now, and what waits for staff. Money is for finance and admin only (`money` is null
 * for every other role), and `open` holds only the queues the caller's roles work on.
 */
export const staffDashboardSchema = z
  .object({
    /** Where "today" starts (00:00 in Tehran), ISO. */
    since: z.string(),
    signups: z.number().int(),
    /** Accounts with a session seen in the last 15 minutes. */
    active_viewers: z.number().int(),
    /** Finance and admin only; null for other roles. */
    money: z
      .object({
        /** Payments started today, and those of them fulfilled. */
        payments_started: z.number().int(),
        payments_fulfilled: z.number().int(),
        /** What the gateways took for today's fulfilled payments (wallet parts were counted at top-up). */
        revenue: z.array(z.object({ currency: z.enum(currencies), amount: z.number().int() })),
      })
      .nullable(),
    /** The caller's own queues: comments (moderator), contact messages (support), player reports (both). */
    open: z.object({
      comments: z.number().int().optional(),
      contact_messages: z.number().int().optional(),
      player_reports: z.number().int().optional(),
    }),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof staffDashboardSchema>;
