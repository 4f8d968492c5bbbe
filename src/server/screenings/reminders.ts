import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import { titlePath } from '../../lib/routes';
import { scheduleTime } from '../../lib/schedule-time';
import type { AppContext } from '../context';
import { runPeriodically } from '../core/periodic';
import { absoluteUrl } from '../core/public-url';
import { notices, products, screeningReminders, users } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { queueNotices, type NoticeComposer } from '../notify';

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
 * Queues the reminders now due: their screening starts within the lead time and has not started, and
 * they have no notice yet. The notice queue (notify/queue.ts) sends each, retries a provider's refusal
 * until the start, and keeps it once per person and screening (its unique row), also when two
 * instances queue at the same moment or the viewer cancels and asks again.
 */
export async function queueDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const horizon = new Date(now.getTime() + ctx.config.screeningReminderMinutes * 60_000);
  const due = await ctx.database.db
    .select({ refId: screeningReminders.productId, userId: screeningReminders.userId })
    .from(screeningReminders)
    .innerJoin(products, eq(products.id, screeningReminders.productId))
    .leftJoin(
      notices,
      and(
        eq(notices.kind, 'screening_reminder'),
        eq(notices.refId, screeningReminders.productId),
        eq(notices.userId, screeningReminders.userId),
      ),
    )
    .where(and(isNull(notices.id), gt(products.startsAt, now), lte(products.startsAt, horizon)));
  await queueNotices(
    ctx.database.db,
    due.map((reminder) => ({ kind: 'screening_reminder' as const, ...reminder, dueAt: now })),
  );
  return due.length;
}

/**
 * A queued reminder as it goes: by e-mail when the account has one, else SMS, in the language the
 * viewer asked in. None once the reminder is cancelled or the screening has started (a reminder after
 * the start is worth less than none), so retries stop there.
 */
export const reminderNotice: NoticeComposer = async (ctx, { refId, userId }) => {
  const [reminder] = await ctx.database.db
    .select({
      locale: screeningReminders.locale,
      titleFa: products.titleFa,
      titleEn: products.titleEn,
      startsAt: products.startsAt,
      email: users.email,
      phone: users.phone,
    })
    .from(screeningReminders)
    .innerJoin(products, eq(products.id, screeningReminders.productId))
    .innerJoin(users, eq(users.id, screeningReminders.userId))
    .where(and(eq(screeningReminders.productId, refId), eq(screeningReminders.userId, userId)));
  const to = reminder?.email ?? reminder?.phone;
  if (!reminder?.startsAt || reminder.startsAt <= ctx.clock.now() || !to) return null;
  const { locale } = reminder;
  return {
    to,
    locale,
    subject: { key: 'screening_reminder_subject' },
    text: {
      key: 'screening_reminder_text',
      params: {
        title: locale === 'fa' ? reminder.titleFa : reminder.titleEn,
        time: scheduleTime(reminder.startsAt, locale),
        url: absoluteUrl(ctx.config, titlePath('screening', refId, locale)),
      },
    },
  };
};

/**
 * Queues due reminders now and then every `intervalMs`, on one instance at a time; returns its stop.
 * Every 15 s, so a reminder is queued within seconds of its time: the sweep is one small query.
 */
export function startScreeningReminders(ctx: AppContext, intervalMs = 15_000): () => Promise<void> {
  return runPeriodically(ctx.database, 'screening-reminders', () => queueDueReminders(ctx), intervalMs);
}
