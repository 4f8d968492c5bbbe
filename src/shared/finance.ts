import { z } from 'zod';
import { calendars, MONTH_PATTERN, type Calendar } from '../lib/finance-months';

/**
 * The finance console's reports (issue 27), read from the double-entry books:
 * - GET /staff/finance/reports/{report}?calendar&month (finance) → `FinanceReport`
 * - GET /staff/finance/reports/{report}/export?calendar&month&format=csv|xlsx (finance) → the same
 *   tables as a file: CSV in UTF-8 with a byte order mark (Excel then reads Persian), or an .xlsx
 *   workbook with one sheet a table; amounts are numbers (rials, dollars), dates Solar Hijri in Persian.
 *
 * A report is a list of tables, each a list of columns and rows of cells, so the console, the CSV and
 * the workbook show one set of figures. Money cells are integers in the minor unit of the row's
 * `currency` cell (IRR rials, USD cents), as everywhere in the API.
 */
export const financeReports = ['revenue', 'vat', 'refunds', 'liabilities', 'discounts'] as const;
export type FinanceReportName = (typeof financeReports)[number];

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * What a cell holds: an Iranian day (ISO date), a month of the report's calendar or a Solar Hijri
 * month (`YYYY-MM`), a payment type, a refund category, a currency, a code, money, a count, a payment id.
 */
export const columnKinds = [
  'day',
  'month',
  'solar_month',
  'payment_type',
  'category',
  'currency',
  'text',
  'money',
  'count',
  'payment',
] as const;
export type ColumnKind = (typeof columnKinds)[number];

/** How the money left: finance's refunds and reversals, and payments given back undelivered. */
export const refundCategories = [
  'refund_wallet',
  'reversal_card',
  'undelivered_wallet',
  'undelivered_card',
] as const;
export type RefundCategory = (typeof refundCategories)[number];

/** Years the books can hold: Solar Hijri 1300-1499, Gregorian 1921-2120. */
const years = { persian: [1300, 1499], gregorian: [1921, 2120] } as const;

const period = {
  calendar: z.enum(calendars).default('persian'),
  month: z.string().regex(MONTH_PATTERN),
};

function inRange({ calendar, month }: { calendar: Calendar; month: string }): boolean {
  const year = Number(month.slice(0, 4));
  return year >= years[calendar][0] && year <= years[calendar][1];
}

export const financeQuerySchema = z.object(period).refine(inRange, { path: ['month'] });
export type FinanceQuery = z.infer<typeof financeQuerySchema>;

export const exportQuerySchema = z
  .object({ ...period, format: z.enum(exportFormats) })
  .refine(inRange, { path: ['month'] });

export const reportParamSchema = z.object({ report: z.enum(financeReports) });

const cell = z.union([z.string(), z.number(), z.null()]);

export const financeTableSchema = z.object({
  /** Names the table's title (finance.tables.<report>.<id>). */
  id: z.string(),
  columns: z.array(z.object({ id: z.string(), kind: z.enum(columnKinds) })),
  rows: z.array(z.array(cell)),
  /** Drawn as bars, one chart a currency: the column naming each bar and the money column it measures. */
  chart: z.object({ label: z.string(), value: z.string() }).nullable(),
});
export type FinanceTable = z.infer<typeof financeTableSchema>;

export const financeReportSchema = z
  .object({
    report: z.enum(financeReports),
    calendar: z.enum(calendars),
    month: z.string(),
    /** The month's first and last Iranian day. */
    from: z.iso.date(),
    to: z.iso.date(),
    tables: z.array(financeTableSchema),
  })
  .meta({ id: 'FinanceReport' });
export type FinanceReport = z.infer<typeof financeReportSchema>;
