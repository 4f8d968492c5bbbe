import { sql } from 'drizzle-orm';
import { monthDays, monthOf, monthsEnding, type Calendar } from '../../lib/finance-months';
import { addDays, iranDayStart } from '../../lib/iran-day';
import { TEHRAN } from '../../lib/schedule-time';
import { currencies, type Currency, type PaymentType } from '../../shared/commerce-constants';
import type {
  FinanceQuery,
  FinanceReport,
  FinanceReportName,
  FinanceTable,
  RefundCategory,
} from '../../shared/finance';
import type { Db } from '../db/client';

/**
 * The finance reports (issue 27), read from the ledger's posted transfers (docs/decisions/0014): the
 * books every payment, refund, reversal, gift card and discount moves money in, so a report and the
 * money cannot disagree. A day is Iran's day of the transfer; a month is the report's calendar's.
 *
 * Revenue, per transfer into or out of the sales and discounts accounts:
 * - gross: what sales were credited (the sale after discount, the discount's gross-up, a gift card
 *   redeemed at its price);
 * - discount: what the discounts account paid (a code's cost, when the sale or gift card was booked);
 * - refunded: what sales gave back to a wallet or a card (VAT apart);
 * - net = gross - discount - refunded, which is the sales account's movement less the discounts
 *   account's: a whole refund's undoing of the discount (sales → discounts) leaves both.
 * VAT: what the VAT payable account was credited (collected) and debited (given back with refunds).
 */

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** [start, end) of the Iranian days `from` to `to`, both included. */
function bounds(from: string, to: string): [string, string] {
  return [iranDayStart(from).toISOString(), iranDayStart(addDays(to, 1)).toISOString()];
}

interface Figures {
  gross: number;
  discount: number;
  refunded: number;
  vatIn: number;
  vatOut: number;
}

interface DayFigures extends Figures {
  day: string;
  currency: Currency;
  type: PaymentType | null;
}

const zero = (): Figures => ({ gross: 0, discount: 0, refunded: 0, vatIn: 0, vatOut: 0 });

function add(into: Figures, from: Figures): void {
  into.gross += from.gross;
  into.discount += from.discount;
  into.refunded += from.refunded;
  into.vatIn += from.vatIn;
  into.vatOut += from.vatOut;
}

/** Sales, discounts and VAT moved per Iranian day, currency and payment type. */
async function movements(db: Db, from: string, to: string): Promise<DayFigures[]> {
  const [start, end] = bounds(from, to);
  const rows = rowsOf<Record<string, string | null>>(
    await db.execute(sql`
      select to_char(t.created_at at time zone ${TEHRAN}, 'YYYY-MM-DD') as day, t.currency, p.type,
        sum(case when c.kind = 'sales' and d.kind in ('checkout', 'gifts', 'discounts') then t.amount else 0 end)::text as gross,
        sum(case when d.kind = 'discounts' then t.amount else 0 end)::text as discount,
        sum(case when d.kind = 'sales' and c.kind in ('wallet', 'gateway') then t.amount else 0 end)::text as refunded,
        sum(case when c.kind = 'vat' then t.amount else 0 end)::text as vat_in,
        sum(case when d.kind = 'vat' then t.amount else 0 end)::text as vat_out
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      left join payments p on p.id = t.payment_id
      where t.phase in ('posted', 'post') and t.created_at >= ${start} and t.created_at < ${end}
        and (d.kind in ('sales', 'discounts', 'vat') or c.kind in ('sales', 'discounts', 'vat'))
      group by 1, 2, 3`),
  );
  return rows.map((row) => ({
    day: row['day']!,
    currency: row['currency'] as Currency,
    type: (row['type'] ?? null) as PaymentType | null,
    gross: Number(row['gross']),
    discount: Number(row['discount']),
    refunded: Number(row['refunded']),
    vatIn: Number(row['vat_in']),
    vatOut: Number(row['vat_out']),
  }));
}

/** Sums `rows` by a key (currencies in their fixed order, then the keys in the order of `keys` or sorted). */
function byKey(rows: DayFigures[], key: (row: DayFigures) => string, keys?: string[]) {
  const sums = new Map<string, Figures>();
  for (const row of rows) {
    const name = `${key(row)}|${row.currency}`;
    const sum = sums.get(name) ?? zero();
    add(sum, row);
    sums.set(name, sum);
  }
  const order = keys ?? [...new Set(rows.map(key))].sort();
  const moved = new Set(rows.map((row) => row.currency));
  const lines: { key: string; currency: Currency; figures: Figures }[] = [];
  for (const currency of currencies) {
    for (const name of order) {
      // Given keys (the months of a year) are all shown for a currency that moved, quiet ones as zero.
      const figures = sums.get(`${name}|${currency}`) ?? (keys && moved.has(currency) ? zero() : null);
      if (figures) lines.push({ key: name, currency, figures });
    }
  }
  return lines;
}

const money = (id: string) => ({ id, kind: 'money' as const });
const revenueColumns = [money('gross'), money('discount'), money('refunded'), money('net'), money('vat')];
const revenueCells = (f: Figures) => [
  f.gross,
  f.discount,
  f.refunded,
  f.gross - f.discount - f.refunded,
  f.vatIn - f.vatOut,
];

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Every day of the month for each currency that moved, so the chart shows the quiet days too. */
function fillDays(rows: DayFigures[], from: string, to: string): DayFigures[] {
  const moved = new Set(rows.map((row) => row.currency));
  const filled = [...rows];
  for (const currency of moved) {
    for (const day of daysOf(from, to)) filled.push({ day, currency, type: null, ...zero() });
  }
  return filled;
}

async function revenue(db: Db, calendar: Calendar, month: string): Promise<FinanceTable[]> {
  const months = monthsEnding(month, 12);
  const { from, to } = monthDays(calendar, month);
  const year = await movements(db, monthDays(calendar, months[0]!).from, to);
  const inMonth = year.filter((row) => row.day >= from);
  const totals = byKey(inMonth, () => 'all');
  return [
    {
      id: 'totals',
      columns: [{ id: 'currency', kind: 'currency' }, ...revenueColumns],
      rows: totals.map((line) => [line.currency, ...revenueCells(line.figures)]),
      chart: null,
    },
    {
      id: 'by_day',
      columns: [{ id: 'day', kind: 'day' }, { id: 'currency', kind: 'currency' }, ...revenueColumns],
      rows: byKey(fillDays(inMonth, from, to), (row) => row.day).map((line) => [
        line.key,
        line.currency,
        ...revenueCells(line.figures),
      ]),
      chart: { label: 'day', value: 'net' },
    },
    {
      id: 'by_kind',
      columns: [
        { id: 'payment_type', kind: 'payment_type' },
        { id: 'currency', kind: 'currency' },
        ...revenueColumns,
      ],
      rows: byKey(
        inMonth.filter((row) => row.type !== null),
        (row) => row.type!,
      ).map((line) => [line.key, line.currency, ...revenueCells(line.figures)]),
      chart: { label: 'payment_type', value: 'net' },
    },
    {
      id: 'by_month',
      columns: [{ id: 'month', kind: 'month' }, { id: 'currency', kind: 'currency' }, ...revenueColumns],
      rows: byKey(year, (row) => monthOf(calendar, row.day), months).map((line) => [
        line.key,
        line.currency,
        ...revenueCells(line.figures),
      ]),
      chart: { label: 'month', value: 'net' },
    },
  ];
}

const vatColumns = [money('collected'), money('given_back'), money('payable')];
const vatCells = (f: Figures) => [f.vatIn, f.vatOut, f.vatIn - f.vatOut];

/**
 * VAT per Solar Hijri month, the months a return is filed for, whatever calendar the report is read
 * in: the twelve ending with the one the chosen month ends in, and the chosen month's own figure.
 */
async function vat(db: Db, calendar: Calendar, month: string): Promise<FinanceTable[]> {
  const { from, to } = monthDays(calendar, month);
  const solarMonths = monthsEnding(monthOf('persian', to), 12);
  const start = monthDays('persian', solarMonths[0]!).from;
  const year = await movements(db, start < from ? start : from, to);
  return [
    {
      id: 'totals',
      columns: [{ id: 'currency', kind: 'currency' }, ...vatColumns],
      rows: byKey(
        year.filter((row) => row.day >= from),
        () => 'all',
      ).map((line) => [line.currency, ...vatCells(line.figures)]),
      chart: null,
    },
    {
      id: 'by_month',
      columns: [
        { id: 'solar_month', kind: 'solar_month' },
        { id: 'currency', kind: 'currency' },
        ...vatColumns,
      ],
      rows: byKey(
        year.filter((row) => row.day >= start),
        (row) => monthOf('persian', row.day),
        solarMonths,
      ).map((line) => [line.key, line.currency, ...vatCells(line.figures)]),
      chart: { label: 'solar_month', value: 'payable' },
    },
  ];
}

/**
 * Money that left: finance's refunds to the wallet and reversals to the card (from sales and VAT),
 * and payments given back because they could not be delivered (from checkout: never a sale).
 */
async function refunds(db: Db, calendar: Calendar, month: string): Promise<FinanceTable[]> {
  const { from, to } = monthDays(calendar, month);
  const [start, end] = bounds(from, to);
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select to_char(t.created_at at time zone ${TEHRAN}, 'YYYY-MM-DD') as day, t.payment_id, p.type, t.currency,
        case when d.kind = 'checkout' then
               case when c.kind = 'wallet' then 'undelivered_wallet' else 'undelivered_card' end
             else case when c.kind = 'wallet' then 'refund_wallet' else 'reversal_card' end end as category,
        sum(t.amount)::text as amount,
        sum(case when d.kind = 'vat' then t.amount else 0 end)::text as vat
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      join payments p on p.id = t.payment_id
      where t.phase in ('posted', 'post') and t.created_at >= ${start} and t.created_at < ${end}
        and t.kind in ('wallet_credit', 'gateway_out') and d.kind in ('sales', 'vat', 'checkout')
      group by 1, 2, 3, 4, 5
      order by 1, 2`),
  );
  const lines = rows.map((row) => ({
    day: row['day']!,
    payment: Number(row['payment_id']),
    type: row['type']!,
    currency: row['currency'] as Currency,
    category: row['category'] as RefundCategory,
    amount: Number(row['amount']),
    vat: Number(row['vat']),
  }));
  const totals = new Map<string, { payments: Set<number>; amount: number; vat: number }>();
  for (const line of lines) {
    const key = `${line.currency}|${line.category}`;
    const sum = totals.get(key) ?? { payments: new Set(), amount: 0, vat: 0 };
    sum.payments.add(line.payment);
    sum.amount += line.amount;
    sum.vat += line.vat;
    totals.set(key, sum);
  }
  return [
    {
      id: 'totals',
      columns: [
        { id: 'category', kind: 'category' },
        { id: 'currency', kind: 'currency' },
        { id: 'payments', kind: 'count' },
        money('amount'),
        money('vat'),
      ],
      rows: [...totals.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, sum]) => {
          const [currency, category] = key.split('|');
          return [category!, currency!, sum.payments.size, sum.amount, sum.vat];
        }),
      chart: null,
    },
    {
      id: 'lines',
      columns: [
        { id: 'day', kind: 'day' },
        { id: 'payment', kind: 'payment' },
        { id: 'payment_type', kind: 'payment_type' },
        { id: 'category', kind: 'category' },
        { id: 'currency', kind: 'currency' },
        money('amount'),
        money('vat'),
      ],
      rows: lines.map((line) => [
        line.day,
        line.payment,
        line.type,
        line.category,
        line.currency,
        line.amount,
        line.vat,
      ]),
      chart: null,
    },
  ];
}

/**
 * What the business owes at the end of the month (or now, for the month still running): the money
 * viewers hold in their wallets and the gift cards sold and not yet redeemed, from the posted
 * transfers up to then. A wallet part held for an open payment is still the viewer's.
 */
async function liabilities(db: Db, calendar: Calendar, month: string, now: Date): Promise<FinanceTable[]> {
  const { to } = monthDays(calendar, month);
  const endOfMonth = iranDayStart(addDays(to, 1));
  const end = (endOfMonth < now ? endOfMonth : now).toISOString();
  const accounts = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select a.kind, a.currency,
        count(*) filter (where balance > 0)::int as holders, coalesce(sum(balance), 0)::text as balance
      from (
        select a.id, a.kind, a.currency,
          sum(case when t.credit_account_id = a.id then t.amount else -t.amount end) as balance
        from ledger_accounts a
        join ledger_transfers t on t.debit_account_id = a.id or t.credit_account_id = a.id
        where a.kind in ('wallet', 'gifts') and t.phase in ('posted', 'post') and t.created_at < ${end}
        group by a.id, a.kind, a.currency
      ) a
      group by 1, 2`),
  );
  const cards = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select p.currency, count(*)::int as cards
      from gift_codes g join payments p on p.id = g.payment_id
      where p.status = 'fulfilled' and g.created_at < ${end}
        and not exists (select 1 from gift_redemptions r where r.code_id = g.id and r.created_at < ${end})
      group by 1`),
  );
  const of = (kind: string, currency: Currency) =>
    accounts.find((row) => row['kind'] === kind && row['currency'] === currency);
  const cardsOf = (currency: Currency) =>
    Number(cards.find((row) => row['currency'] === currency)?.['cards'] ?? 0);
  return [
    {
      id: 'wallets',
      columns: [{ id: 'currency', kind: 'currency' }, { id: 'wallets', kind: 'count' }, money('balance')],
      rows: currencies.map((currency) => [
        currency,
        Number(of('wallet', currency)?.['holders'] ?? 0),
        Number(of('wallet', currency)?.['balance'] ?? 0),
      ]),
      chart: null,
    },
    {
      id: 'gift_cards',
      columns: [{ id: 'currency', kind: 'currency' }, { id: 'cards', kind: 'count' }, money('balance')],
      rows: currencies.map((currency) => [
        currency,
        cardsOf(currency),
        Number(of('gifts', currency)?.['balance'] ?? 0),
      ]),
      chart: null,
    },
  ];
}

/**
 * What each discount code cost in the month: what the discounts account paid for its payments, less
 * what whole refunds took back (a refunded sale's discount was never given).
 */
async function discounts(db: Db, calendar: Calendar, month: string): Promise<FinanceTable[]> {
  const { from, to } = monthDays(calendar, month);
  const [start, end] = bounds(from, to);
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select dc.code, t.currency,
        count(distinct t.payment_id) filter (where d.kind = 'discounts')::int as uses,
        sum(case when d.kind = 'discounts' then t.amount else 0 end)::text as given,
        sum(case when c.kind = 'discounts' then t.amount else 0 end)::text as taken_back
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      join payments p on p.id = t.payment_id
      join discount_codes dc on dc.id = p.discount_code_id
      where t.phase in ('posted', 'post') and t.created_at >= ${start} and t.created_at < ${end}
        and (d.kind = 'discounts' or c.kind = 'discounts')
      group by 1, 2
      order by 2, 1`),
  );
  return [
    {
      id: 'by_code',
      columns: [
        { id: 'code', kind: 'text' },
        { id: 'currency', kind: 'currency' },
        { id: 'uses', kind: 'count' },
        money('given'),
        money('taken_back'),
        money('cost'),
      ],
      rows: rows.map((row) => {
        const given = Number(row['given']);
        const takenBack = Number(row['taken_back']);
        return [row['code']!, row['currency']!, Number(row['uses']), given, takenBack, given - takenBack];
      }),
      chart: { label: 'code', value: 'cost' },
    },
  ];
}

/** One report of a month (`YYYY-MM` of its calendar). */
export async function financeReport(
  db: Db,
  name: FinanceReportName,
  query: FinanceQuery,
  now: Date,
): Promise<FinanceReport> {
  const { calendar, month } = query;
  const tables =
    name === 'revenue'
      ? await revenue(db, calendar, month)
      : name === 'vat'
        ? await vat(db, calendar, month)
        : name === 'refunds'
          ? await refunds(db, calendar, month)
          : name === 'liabilities'
            ? await liabilities(db, calendar, month, now)
            : await discounts(db, calendar, month);
  return { report: name, calendar, month, ...monthDays(calendar, month), tables };
}
