import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { normalizePhone } from '../../shared/phone';
import type {
  PaymentSearch,
  PaymentTotals,
  Refund,
  StaffPayment,
  StaffPaymentDetail,
  StaffPayments,
  StaffViewer,
} from '../../shared/staff-payments';
import { STAFF_PAYMENTS_PAGE_SIZE } from '../../shared/staff-payments-constants';
import { addDays, iranDayStart } from '../../lib/iran-day';
import type { Locale } from '../../lib/locale';
import { isEmailUserName } from '../../lib/user-name';
import { TEHRAN } from '../../lib/schedule-time';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { paymentRefunds } from '../db/refunds-schema';
import { paymentEvents, payments, users } from '../db/schema';
import { notFound } from '../errors';
import {
  joined,
  type Joined,
  type RefundRow,
  refundsAllowed,
  refundsOf,
  reversibleAt,
  toPayment,
} from '../commerce';

/**
 * The console's Payments section (issue 17): finding payments, one payment's whole story, and the
 * day's money per gateway. Days are Iran's (lib/iran-day.ts), the business's calendar, whatever the
 * staff member's language.
 */

/** The period from the start of `from` to the end of `to` (both Iranian days, both included). */
function period(column: Parameters<typeof gte>[0], from?: string, to?: string): SQL[] {
  const bounds: SQL[] = [];
  if (from) bounds.push(gte(column, iranDayStart(from)));
  if (to) bounds.push(lt(column, iranDayStart(addDays(to, 1))));
  return bounds;
}

const MAX_ID = 2_147_483_647;

function referenceMatch(reference: string): SQL {
  const asId = /^\d+$/.test(reference) ? Number(reference) : null;
  return or(
    eq(payments.gatewayRef, reference),
    eq(payments.gatewayTrace, reference),
    asId !== null && asId <= MAX_ID ? eq(payments.id, asId) : undefined,
  )!;
}

/** The viewer by mobile (any spelling), e-mail, or a part of the name. */
function viewerMatch(viewer: string): SQL {
  const phone = normalizePhone(viewer);
  if (phone) return eq(users.phone, phone);
  if (isEmailUserName(viewer)) return sql`lower(${users.email}) = ${viewer.toLowerCase()}`;
  return ilike(users.name, `%${viewer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

type UserRow = typeof users.$inferSelect;

async function usersById(db: Db, ids: number[]): Promise<Map<number, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

async function refundedBy(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentRefunds.paymentId, sum: sql<string>`sum(${paymentRefunds.amount})` })
    .from(paymentRefunds)
    .where(and(inArray(paymentRefunds.paymentId, ids), inArray(paymentRefunds.status, ['done', 'requested'])))
    .groupBy(paymentRefunds.paymentId);
  return new Map(rows.map((row) => [row.id, Number(row.sum)]));
}

/** An account as staff see it beside a payment or a redemption (erased accounts say so). */
export function staffViewer(user: UserRow): StaffViewer {
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    email: user.email,
    deleted: user.deletedAt !== null,
  };
}

function staffPayment(row: Joined, user: UserRow, refunded: number, locale: Locale): StaffPayment {
  return {
    ...toPayment(row, locale),
    viewer: staffViewer(user),
    gateway_ref: row.payment.gatewayRef,
    refunded,
  };
}

/** GET /staff/payments: newest first, a page at a time. */
export async function searchPayments(db: Db, search: PaymentSearch, locale: Locale): Promise<StaffPayments> {
  const filters = [
    search.reference ? referenceMatch(search.reference) : undefined,
    search.gateway ? eq(payments.gateway, search.gateway) : undefined,
    search.status ? eq(payments.status, search.status) : undefined,
    search.type ? eq(payments.type, search.type) : undefined,
    ...period(payments.createdAt, search.from, search.to),
  ];
  const viewerFilter = search.viewer
    ? inArray(payments.userId, db.select({ id: users.id }).from(users).where(viewerMatch(search.viewer)))
    : undefined;
  const rows = await joined(db)
    .where(and(...filters, viewerFilter))
    .orderBy(desc(payments.id))
    .limit(STAFF_PAYMENTS_PAGE_SIZE + 1)
    .offset((search.page - 1) * STAFF_PAYMENTS_PAGE_SIZE);
  const shown = rows.slice(0, STAFF_PAYMENTS_PAGE_SIZE);
  const ids = shown.map((row) => row.payment.id);
  const [refunded, viewers] = await Promise.all([
    refundedBy(db, ids),
    usersById(
      db,
      shown.map((row) => row.payment.userId),
    ),
  ]);
  return {
    payments: shown.map((row) =>
      staffPayment(row, viewers.get(row.payment.userId)!, refunded.get(row.payment.id) ?? 0, locale),
    ),
    page: search.page,
    has_more: rows.length > STAFF_PAYMENTS_PAGE_SIZE,
  };
}

function refundView(row: RefundRow, actors: Map<number, string>): Refund {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    currency: row.currency,
    amount: row.amount,
    vat: row.vat,
    reason: row.reason,
    actor: row.actorId === null ? null : { id: row.actorId, name: actors.get(row.actorId) ?? '' },
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** GET /staff/payments/{id}: the payment, its viewer, its timeline and its refunds. */
export async function paymentDetail(
  ctx: AppContext,
  id: number,
  locale: Locale,
): Promise<StaffPaymentDetail> {
  const { db } = ctx.database;
  const [row] = await joined(db).where(eq(payments.id, id));
  if (!row) throw notFound('not_found');
  const [user] = await db.select().from(users).where(eq(users.id, row.payment.userId));
  const [events, refunds] = await Promise.all([
    db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(asc(paymentEvents.id)),
    refundsOf(db, id),
  ]);
  const actorIds = [
    ...new Set(refunds.map((refund) => refund.actorId).filter((a): a is number => a !== null)),
  ];
  const actors =
    actorIds.length === 0
      ? []
      : await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds));
  const names = new Map(actors.map((actor) => [actor.id, actor.name]));
  const open = refunds.filter((refund) => refund.status !== 'refused');
  const refunded = open.reduce((sum, refund) => sum + refund.amount, 0);
  const waiting = open.some((refund) => refund.status === 'requested');
  const payment = row.payment;
  const reversed = refunds.some((refund) => refund.method === 'gateway' && refund.status === 'done');
  return {
    payment: staffPayment(row, user!, refunded, locale),
    timeline: events.map((event) => ({
      from: event.fromStatus,
      status: event.toStatus,
      at: event.at.toISOString(),
    })),
    refunds: refunds.map((refund) => refundView(refund, names)),
    refundable: refundsAllowed(ctx, payment) && !waiting ? payment.total - refunded : 0,
    reversible:
      !reversed && reversibleAt(ctx, payment) && (waiting || payment.gatewayPart <= payment.total - refunded),
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * GET /staff/payments/totals: per Iranian day (of fulfilment, or of the refund), gateway and currency,
 * what came in and what finance gave back. Read from the payments and refunds themselves, whose money
 * the ledger moved in the same transactions.
 */
export async function paymentTotals(db: Db, from: string, to: string): Promise<PaymentTotals> {
  const start = iranDayStart(from);
  const end = iranDayStart(addDays(to, 1));
  const fulfilled = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select to_char(e.created_at at time zone ${TEHRAN}, 'YYYY-MM-DD') as day, p.gateway, p.currency,
             count(*)::int as payments,
             sum(p.gateway_part)::text as received,
             sum(case when p.type = 'CHARGE_WALLET' then 0 else p.total end)::text as sales,
             sum(p.vat)::text as vat
      from ${payments} p join ${paymentEvents} e on e.payment_id = p.id and e.to_status = 'fulfilled'
      where e.created_at >= ${start.toISOString()} and e.created_at < ${end.toISOString()}
      group by 1, 2, 3`),
  );
  const refunded = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select to_char(r.resolved_at at time zone ${TEHRAN}, 'YYYY-MM-DD') as day, p.gateway, r.currency,
             sum(r.amount)::text as refunded
      from ${paymentRefunds} r join ${payments} p on p.id = r.payment_id
      where r.status = 'done' and r.resolved_at >= ${start.toISOString()} and r.resolved_at < ${end.toISOString()}
      group by 1, 2, 3`),
  );
  const days = new Map<string, PaymentTotals['days'][number]>();
  const line = (row: Record<string, unknown>) => {
    const key = `${String(row['day'])}|${String(row['gateway'])}|${String(row['currency'])}`;
    let found = days.get(key);
    if (!found) {
      found = {
        day: String(row['day']),
        gateway: row['gateway'] as PaymentTotals['days'][number]['gateway'],
        currency: row['currency'] as PaymentTotals['days'][number]['currency'],
        payments: 0,
        received: 0,
        sales: 0,
        vat: 0,
        refunded: 0,
      };
      days.set(key, found);
    }
    return found;
  };
  for (const row of fulfilled) {
    Object.assign(line(row), {
      payments: Number(row['payments']),
      received: Number(row['received']),
      sales: Number(row['sales']),
      vat: Number(row['vat']),
    });
  }
  for (const row of refunded) line(row).refunded = Number(row['refunded']);
  return {
    days: [...days.values()].sort(
      (a, b) =>
        b.day.localeCompare(a.day) ||
        a.gateway.localeCompare(b.gateway) ||
        a.currency.localeCompare(b.currency),
    ),
  };
}
