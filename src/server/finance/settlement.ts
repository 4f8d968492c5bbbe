import { and, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { addDays, iranDayStart } from '../../lib/iran-day';
import { solarMonthDays } from '../../lib/solar-month';
import type { Currency, GatewayType, PaymentStatus } from '../../shared/commerce-constants';
import type { SettlementDifference, SettlementOverview, SettlementRun } from '../../shared/settlement';
import type { AppContext } from '../context';
import { recordAudit } from '../core/audit';
import type { Db } from '../db/client';
import {
  ledgerTransfers,
  paymentEvents,
  payments,
  settlementRuns,
  users,
  type SettlementLineRecord,
} from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { readStatement } from './settlement-statement';

/**
 * Gateway settlement (issue 27, docs/decisions/0043-gateway-settlement.md): per gateway and period,
 * what the books say came in through the gateway (each payment's `gateway_in` transfer, booked when
 * the gateway verified the money; a `gateway_out` gives it back through the gateway) against what the
 * gateway says it settled: its inquiry API asked about every payment of the period, or its uploaded
 * statement. Each difference names the payment it is about, where one is.
 */

export interface SettlementPeriod {
  day?: string | undefined;
  month?: string | undefined;
}

interface Range {
  from: string;
  to: string;
  month: string | null;
  start: Date;
  end: Date;
}

/**
 * The days and instants a period covers: Tehran's days for the Iranian gateways, UTC's for PayPal,
 * whose reports count days in UTC.
 */
function rangeOf(gateway: GatewayType, period: SettlementPeriod): Range {
  const { from, to } = period.month ? solarMonthDays(period.month) : { from: period.day!, to: period.day! };
  // Our books begin in this century; a day outside it names no payment (and no valid instant).
  if (!(from >= '2000-01-01' && to <= '2099-12-31')) throw invalidFields({ day: 'settlement_period' });
  const startOf = (day: string) => (gateway === 'paypal' ? new Date(`${day}T00:00:00Z`) : iranDayStart(day));
  return { from, to, month: period.month ?? null, start: startOf(from), end: startOf(addDays(to, 1)) };
}

/** One of our payments as the comparison needs it. */
interface Ours {
  id: number;
  status: PaymentStatus;
  currency: Currency;
  ref: string | null;
  trace: string | null;
  data: Record<string, string>;
  gatewayPart: number;
  /** What the gateway_in transfer booked (null: the money never came in, as far as we know). */
  paid: number | null;
  /** Whether money went back through the gateway (a reversal or a refund to the card). */
  reversed: boolean;
  /** The gateway_in fell in the period. */
  inPeriod: boolean;
}

/** Payment ids per query. */
const ID_SLICE = 5000;

const paymentColumns = {
  id: payments.id,
  status: payments.status,
  currency: payments.currency,
  ref: payments.gatewayRef,
  trace: payments.gatewayTrace,
  data: payments.gatewayData,
  gatewayPart: payments.gatewayPart,
};

/**
 * The money moves of these payments: what came in (`gateway_in`), whether any went back through the
 * gateway (`gateway_out`), and when the gateway verified it (the `verified` event, booked in the same
 * transaction as the `gateway_in`, on the application's clock).
 */
async function withMoves(
  db: Db,
  rows: Omit<Ours, 'paid' | 'reversed' | 'inPeriod'>[],
  range: Range,
): Promise<Ours[]> {
  const paid = new Map<number, number>();
  const reversed = new Set<number>();
  const verifiedAt = new Map<number, Date>();
  // In slices: a month's payments would pass the database's limit of parameters in one statement.
  for (let i = 0; i < rows.length; i += ID_SLICE) {
    const ids = rows.slice(i, i + ID_SLICE).map((row) => row.id);
    const moves = await db
      .select({
        paymentId: ledgerTransfers.paymentId,
        kind: ledgerTransfers.kind,
        amount: ledgerTransfers.amount,
      })
      .from(ledgerTransfers)
      .where(
        and(
          inArray(ledgerTransfers.paymentId, ids),
          inArray(ledgerTransfers.kind, ['gateway_in', 'gateway_out']),
        ),
      );
    for (const move of moves) {
      if (move.kind === 'gateway_in') paid.set(move.paymentId!, move.amount);
      else reversed.add(move.paymentId!);
    }
    const events = await db
      .select({ paymentId: paymentEvents.paymentId, at: paymentEvents.at })
      .from(paymentEvents)
      .where(and(inArray(paymentEvents.paymentId, ids), eq(paymentEvents.toStatus, 'verified')));
    for (const event of events) verifiedAt.set(event.paymentId, event.at);
  }
  return rows.map((row) => {
    const at = verifiedAt.get(row.id);
    return {
      ...row,
      paid: paid.get(row.id) ?? null,
      reversed: reversed.has(row.id),
      inPeriod: !!at && at >= range.start && at < range.end,
    };
  });
}

/** Payments whose money the gateway verified during the period (their gateway_in is in the books). */
async function paidInPeriod(db: Db, gateway: GatewayType, range: Range): Promise<Ours[]> {
  const rows = await db
    .select(paymentColumns)
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(
      and(
        eq(paymentEvents.toStatus, 'verified'),
        eq(payments.gateway, gateway),
        gte(paymentEvents.at, range.start),
        lt(paymentEvents.at, range.end),
      ),
    );
  const found = await withMoves(db, rows, range);
  return found.filter((payment) => payment.paid !== null);
}

/** Payments begun at the gateway during the period whose money never came in (as far as we know). */
async function unpaidInPeriod(db: Db, gateway: GatewayType, range: Range): Promise<Ours[]> {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .where(
      and(
        eq(payments.gateway, gateway),
        isNotNull(payments.gatewayRef),
        gte(payments.createdAt, range.start),
        lt(payments.createdAt, range.end),
        sql`not exists (select 1 from ${ledgerTransfers} where ${ledgerTransfers.paymentId} = ${payments.id} and ${ledgerTransfers.kind} = 'gateway_in')`,
      ),
    );
  return withMoves(db, rows, range);
}

/**
 * Our payments a statement's lines name: by the gateway's reference of the money (the trace), by its
 * session id, or by our payment number where the gateway takes it as its order (Mellat's SaleOrderId,
 * SEP's ResNum, Pasargad's invoice).
 */
async function namedBy(db: Db, gateway: GatewayType, lines: SettlementLineRecord[], range: Range) {
  const texts = [...new Set(lines.flatMap((line) => [line.reference, line.order]).filter(Boolean))];
  const ids = [...new Set(lines.map((line) => Number(line.order)).filter(Number.isSafeInteger))].filter(
    (id) => id > 0 && id <= 2_147_483_647,
  );
  const found: Omit<Ours, 'paid' | 'reversed' | 'inPeriod'>[] = [];
  for (let i = 0; i < Math.max(texts.length, ids.length); i += 1000) {
    const textPart = texts.slice(i, i + 1000);
    const idPart = ids.slice(i, i + 1000);
    found.push(
      ...(await db
        .select(paymentColumns)
        .from(payments)
        .where(
          and(
            eq(payments.gateway, gateway),
            or(
              textPart.length ? inArray(payments.gatewayTrace, textPart) : sql`false`,
              textPart.length ? inArray(payments.gatewayRef, textPart) : sql`false`,
              idPart.length && gateway !== 'paypal' ? inArray(payments.id, idPart) : sql`false`,
            ),
          ),
        )),
    );
  }
  const unique = [...new Map(found.map((row) => [row.id, row])).values()];
  return withMoves(db, unique, range);
}

/** Finds the payment a line names, through indexes of `named` built once for the whole statement. */
function paymentFinder(named: Ours[]): (line: SettlementLineRecord) => Ours | undefined {
  const byTrace = new Map(named.flatMap((row) => (row.trace === null ? [] : [[row.trace, row] as const])));
  const byRef = new Map(named.flatMap((row) => (row.ref === null ? [] : [[row.ref, row] as const])));
  // Our number is the order only where the gateway was given it (Mellat's orderId, SEP's ResNum).
  const byOrder = new Map(
    named.flatMap((row) =>
      [row.data['orderId'], row.data['resNum']].includes(String(row.id))
        ? [[String(row.id), row] as const]
        : [],
    ),
  );
  return (line) =>
    byTrace.get(line.reference) ??
    byRef.get(line.order) ??
    byRef.get(line.reference) ??
    byOrder.get(line.order);
}

type Result = Pick<SettlementRun, 'recorded' | 'settled' | 'matched' | 'differences'>;

/** The comparison itself: each gateway line against our payment, then our payments no line named. */
function compare(
  lines: SettlementLineRecord[],
  ours: Ours[],
  lineOwner: Map<SettlementLineRecord, Ours | undefined>,
): Result {
  const differences: SettlementDifference[] = [];
  const recorded = new Map<Currency, { count: number; amount: number }>();
  const settled = new Map<Currency, { count: number; amount: number }>();
  const add = (totals: typeof recorded, currency: Currency, amount: number) => {
    const now = totals.get(currency) ?? { count: 0, amount: 0 };
    totals.set(currency, { count: now.count + 1, amount: now.amount + amount });
  };
  let matched = 0;
  const seen = new Set<number>();
  const note = (
    kind: SettlementDifference['kind'],
    line: SettlementLineRecord | null,
    payment: Ours | undefined,
    currency: Currency,
  ) =>
    differences.push({
      kind,
      payment_id: payment?.id ?? null,
      payment_status: payment?.status ?? null,
      reference: line?.reference || payment?.trace || payment?.ref || '',
      currency,
      ours: payment && !payment.reversed ? payment.paid : null,
      // Settled, or held for a session we do not know (money we may be owed).
      theirs:
        line?.status === 'settled' || (line?.status === 'held' && !payment)
          ? (line.amount ?? payment?.paid ?? null)
          : null,
      line: line?.line ?? null,
    });

  for (const payment of ours) {
    if (payment.inPeriod && !payment.reversed) add(recorded, payment.currency, payment.paid!);
  }
  for (const line of lines) {
    const payment = lineOwner.get(line);
    const currency = (payment?.currency ?? line.currency) as Currency;
    if (payment) seen.add(payment.id);
    if (line.status === 'settled') add(settled, currency, line.amount ?? payment?.paid ?? 0);
    const paidHere = payment?.paid !== null && payment?.paid !== undefined;
    if (!payment) {
      if (line.status === 'settled' || line.status === 'held')
        note('unknown_here', line, undefined, currency);
    } else if (line.status === 'settled') {
      if (!paidHere) note('not_paid_here', line, payment, currency);
      else if (payment.reversed) note('reversed_here', line, payment, currency);
      else if (line.amount !== null && line.amount !== payment.paid) note('amount', line, payment, currency);
      else matched++;
    } else if (line.status === 'reversed') {
      if (paidHere) note(payment.reversed ? 'reversed' : 'reversed_there', line, payment, currency);
    } else if (paidHere && !payment.reversed) {
      // held or unpaid at the gateway, paid in our books.
      note('not_settled', line, payment, currency);
    } else if (paidHere) {
      note('reversed', line, payment, currency);
    }
  }
  for (const payment of ours) {
    if (seen.has(payment.id) || !payment.inPeriod) continue;
    note(payment.reversed ? 'reversed' : 'not_settled', null, payment, payment.currency);
  }
  const totals = (map: typeof recorded) => [...map].map(([currency, sums]) => ({ currency, ...sums }));
  return { recorded: totals(recorded), settled: totals(settled), matched, differences };
}

/** Ask at most this many inquiries at once: the gateways limit how fast a terminal may call. */
const INQUIRY_CONCURRENCY = 4;

async function inquiryLines(
  ctx: AppContext,
  gateway: GatewayType,
  range: Range,
): Promise<{
  lines: SettlementLineRecord[];
  ours: Ours[];
  owner: Map<SettlementLineRecord, Ours | undefined>;
}> {
  const adapter = ctx.gateways.get(gateway);
  const inquire = adapter?.inquire;
  if (!adapter || !inquire) throw new DomainError('conflict', 'settlement_no_inquiry');
  const { db } = ctx.database;
  const ours = [...(await paidInPeriod(db, gateway, range)), ...(await unpaidInPeriod(db, gateway, range))];
  const owner = new Map<SettlementLineRecord, Ours | undefined>();
  const lines: SettlementLineRecord[] = [];
  try {
    const queue = ours.filter((payment) => payment.ref !== null);
    const worker = async () => {
      for (let payment = queue.shift(); payment; payment = queue.shift()) {
        const answer = await inquire({
          paymentId: payment.id,
          ref: payment.ref!,
          data: payment.data,
          amount: payment.gatewayPart,
          currency: payment.currency,
        });
        const line: SettlementLineRecord = {
          line: null,
          reference: answer.trace ?? payment.trace ?? payment.ref!,
          order: payment.ref!,
          currency: payment.currency,
          amount: answer.amount,
          status: answer.state,
        };
        lines.push(line);
        owner.set(line, payment);
      }
    };
    await Promise.all(Array.from({ length: INQUIRY_CONCURRENCY }, worker));
    // Money the gateway holds for sessions no payment of ours names (Zarinpal's unVerified list).
    for (const session of (await adapter.unverified?.()) ?? []) {
      const [known] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.gateway, gateway), eq(payments.gatewayRef, session.ref)));
      if (known) continue;
      const line: SettlementLineRecord = {
        line: null,
        reference: session.ref,
        order: session.ref,
        currency: adapter.currencies[0] ?? 'IRR',
        amount: session.amount,
        status: 'held',
      };
      lines.push(line);
      owner.set(line, undefined);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'GatewayError') {
      throw new DomainError('unavailable', 'settlement_gateway_unavailable');
    }
    throw error;
  }
  return { lines, ours, owner };
}

interface Actor {
  userId: number;
}

async function store(
  ctx: AppContext,
  actor: Actor,
  gateway: GatewayType,
  range: Range,
  source: 'inquiry' | 'statement',
  fileName: string | null,
  lines: SettlementLineRecord[],
  result: Result,
): Promise<SettlementRun> {
  const { db } = ctx.database;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(settlementRuns)
      .values({
        gateway,
        source,
        fileName,
        fromDay: range.from,
        toDay: range.to,
        month: range.month,
        lines,
        result,
        actorId: actor.userId,
      })
      .returning({ id: settlementRuns.id });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'settlement.run',
      before: null,
      targetType: 'settlement_run',
      targetId: row!.id,
      after: { gateway, source, from: range.from, to: range.to, differences: result.differences.length },
    });
    return row!.id;
  });
  return settlementRun(db, id);
}

/** POST /staff/settlement/inquiry: the gateway asked about every payment of the period. */
export async function settleByInquiry(
  ctx: AppContext,
  actor: Actor,
  gateway: GatewayType,
  period: SettlementPeriod,
): Promise<SettlementRun> {
  const range = rangeOf(gateway, period);
  const { lines, ours, owner } = await inquiryLines(ctx, gateway, range);
  return store(ctx, actor, gateway, range, 'inquiry', null, lines, compare(lines, ours, owner));
}

/** POST /staff/settlement/statements: an uploaded statement against the period's payments. */
export async function settleByStatement(
  ctx: AppContext,
  actor: Actor,
  gateway: GatewayType,
  period: SettlementPeriod,
  file: { name: string; text: string },
): Promise<SettlementRun> {
  const range = rangeOf(gateway, period);
  const lines = readStatement(gateway, file.text);
  const { db } = ctx.database;
  const named = await namedBy(db, gateway, lines, range);
  const period_ = await paidInPeriod(db, gateway, range);
  const ours = [...new Map([...named, ...period_].map((row) => [row.id, row])).values()];
  const paymentOf = paymentFinder(ours);
  const owner = new Map(lines.map((line) => [line, paymentOf(line)] as const));
  return store(
    ctx,
    actor,
    gateway,
    range,
    'statement',
    file.name.slice(0, 200),
    lines,
    compare(lines, ours, owner),
  );
}

/** GET /staff/settlement/runs/{id}. */
export async function settlementRun(db: Db, id: number): Promise<SettlementRun> {
  const [row] = await db
    .select({ run: settlementRuns, by: users.name })
    .from(settlementRuns)
    .leftJoin(users, eq(users.id, settlementRuns.actorId))
    .where(eq(settlementRuns.id, id));
  if (!row) throw notFound();
  const { run } = row;
  return {
    id: run.id,
    gateway: run.gateway,
    source: run.source,
    file_name: run.fileName,
    from: run.fromDay,
    to: run.toDay,
    month: run.month,
    ...run.result,
    created_at: run.createdAt.toISOString(),
    by: row.by,
  };
}

/** GET /staff/settlement: the gateways configured here and the latest comparisons. */
export async function settlementOverview(ctx: AppContext): Promise<SettlementOverview> {
  const rows = await ctx.database.db.select().from(settlementRuns).orderBy(desc(settlementRuns.id)).limit(20);
  return {
    gateways: ctx.gateways.adapters.map((adapter) => ({
      gateway: adapter.type,
      inquiry: !!adapter.inquire,
    })),
    runs: rows.map((run) => ({
      id: run.id,
      gateway: run.gateway,
      source: run.source,
      file_name: run.fileName,
      from: run.fromDay,
      to: run.toDay,
      month: run.month,
      matched: run.result.matched,
      differences: run.result.differences.length,
      created_at: run.createdAt.toISOString(),
    })),
  };
}
