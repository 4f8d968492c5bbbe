import { z } from 'zod';
import { locales } from '../lib/locale';

/** A viewer's "Remind me" of one screening (GET/PUT/DELETE /screenings/{id}/reminder). */
export const reminderStateSchema = z
  .object({
    reminded: z.boolean(),
    /** When the SMS or e-mail goes out: the start less the configured lead (ISO 8601, UTC). */
    remind_at: z.string(),
  })
  .meta({ id: 'ScreeningReminder' });
export type ReminderStateBody = z.infer<typeof reminderStateSchema>;

/** The .ics file's language (a link cannot send Accept-Language-site); Persian by default. */
export const calendarQuerySchema = z.object({ lang: z.enum(locales).default('fa') });

/** How many ticket holders have the waiting room open (never who). */
export const waitingSchema = z
  .object({
    waiting: z.number().int(),
    /** The server's clock (ms since 1970), so a cached page's countdown ends at the server's start. */
    now: z.number(),
  })
  .meta({ id: 'ScreeningWaiting' });
export type WaitingBody = z.infer<typeof waitingSchema>;
