import { z } from 'zod';
import { currencies } from './commerce-constants';

/**
 * GET /staff/dashboard (any staff role) → `Dashboard`: today in Tehran (from 00:00 Iran time), what
 * is happening now, and what waits for staff.
 */
export const staffDashboardSchema = z
  .object({
    /** Where "today" starts (00:00 in Tehran), ISO. */
    since: z.string(),
    signups: z.number().int(),
    /** Payments started today, and those of them fulfilled. */
    payments_started: z.number().int(),
    payments_fulfilled: z.number().int(),
    /** What the gateways took for today's fulfilled payments (wallet parts were counted at top-up). */
    revenue: z.array(z.object({ currency: z.enum(currencies), amount: z.number().int() })),
    /** Accounts with a session seen in the last 15 minutes. */
    active_viewers: z.number().int(),
    open: z.object({
      comments: z.number().int(),
      contact_messages: z.number().int(),
      player_reports: z.number().int(),
    }),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof staffDashboardSchema>;
