import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import { titlePath } from '../../lib/routes';
import { scheduleTime } from '../../lib/schedule-time';
import type { AppContext } from '../context';
import { runPeriodically } from '../core/periodic';
import { absoluteUrl } from '../core/public-url';
import { log } from '../core/log';
import { products, screeningReminders, users } from '../db/schema';
import { DomainError, notFound } from '../errors';

/** Where a viewer's "Remind me" of one screening stands. */
export interface ReminderState {
  reminded: boolean;
  /** When it goes out (the start less the configured lead). */
  remind_at: string;
}

/** The screening `productId`, or 404 (another kind, or no schedule). */
async function screeningOf(ctx: AppContext, productId: number) {
  const [row] = await ctx.database.db
    .select({ id: products.id, startsAt: products.startsAt })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.kind, 'screening')));
  if (!row?.startsAt) throw notFound();
  return { id: row.id, startsAt: row.startsAt };
}

function remindAt(ctx: AppContext, startsAt: Date): string {
  return new Date(startsAt.getTime() - ctx.config.screeningReminderMinutes * 60_000).toISOString();
}

export async function reminderOf(ctx: AppContext, userId: number, productId: number): Promise<ReminderState> {
  const screening = await screeningOf(ctx, productId);
  const [row] = await ctx.database.db
    .select({ id: screeningReminders.id })
    .from(screeningReminders)
    .where(and(eq(screeningReminders.productId, productId), eq(screeningReminders.userId, userId)));
  return { reminded: row !== undefined, remind_at: remindAt(ctx, screening.startsAt) };
}

/**
 * "Remind me": open to anyone signed in (a ticket holder or not) until the screening starts (409
 * after). Asking twice keeps the one row (the unique index), in the language of the first asking.
 */
export async function askReminder(
  ctx: AppContext,
  userId: number,
  productId: number,
  locale: Locale,
): Promise<ReminderState> {
  const screening = await screeningOf(ctx, productId);
  if (screening.startsAt <= ctx.clock.now()) throw new DomainError('conflict', 'screening_started');
  await ctx.database.db
    .insert(screeningReminders)
    .values({ productId, userId, locale, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  return { reminded: true, remind_at: remindAt(ctx, screening.startsAt) };
}

export async function cancelReminder(
  ctx: AppContext,
  userId: number,
  productId: number,
): Promise<ReminderState> {
  const screening = await screeningOf(ctx, productId);
  await ctx.database.db
    .delete(screeningReminders)
    .where(and(eq(screeningReminders.productId, productId), eq(screeningReminders.userId, userId)));
  return { reminded: false, remind_at: remindAt(ctx, screening.startsAt) };
}

/**
 * Sends the reminders now due: their screening starts within the lead time and has not started. Each
 * row is claimed (sent_at set where it was null) before its message goes, so two senders, on one
 * instance or two, never send one twice; the periodic job's lock keeps the second from even trying.
 * A message the provider refuses is logged and not retried: a late reminder is worth less than none.
 */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const horizon = new Date(now.getTime() + ctx.config.screeningReminderMinutes * 60_000);
  const due = await ctx.database.db
    .select({
      id: screeningReminders.id,
      locale: screeningReminders.locale,
      productId: products.id,
      titleFa: products.titleFa,
      titleEn: products.titleEn,
      startsAt: products.startsAt,
      email: users.email,
      phone: users.phone,
    })
    .from(screeningReminders)
    .innerJoin(products, eq(products.id, screeningReminders.productId))
    .innerJoin(users, eq(users.id, screeningReminders.userId))
    .where(
      and(isNull(screeningReminders.sentAt), gt(products.startsAt, now), lte(products.startsAt, horizon)),
    );
  let sent = 0;
  for (const reminder of due) {
    const [claimed] = await ctx.database.db
      .update(screeningReminders)
      .set({ sentAt: now })
      .where(and(eq(screeningReminders.id, reminder.id), isNull(screeningReminders.sentAt)))
      .returning({ id: screeningReminders.id });
    const to = reminder.email ?? reminder.phone;
    if (!claimed || !to || !reminder.startsAt) continue;
    const locale = reminder.locale;
    const delivered = await ctx.notifier.sendNotice(
      to,
      {
        subject: { key: 'screening_reminder_subject' },
        text: {
          key: 'screening_reminder_text',
          params: {
            title: locale === 'fa' ? reminder.titleFa : reminder.titleEn,
            time: scheduleTime(reminder.startsAt, locale),
            url: absoluteUrl(ctx.config, titlePath('screening', reminder.productId, locale)),
          },
        },
      },
      locale,
    );
    if (delivered) sent += 1;
    else log.warn({ reminderId: reminder.id }, `screening reminder ${reminder.id} was not delivered`);
  }
  return sent;
}

/**
 * Sends due reminders now and then every `intervalMs`, on one instance at a time; returns its stop.
 * Every 15 s, so a reminder leaves within seconds of its time: the sweep is one small query.
 */
export function startScreeningReminders(ctx: AppContext, intervalMs = 15_000): () => Promise<void> {
  return runPeriodically(ctx.database, 'screening-reminders', () => sendDueReminders(ctx), intervalMs);
}
