import { z } from 'zod';
import { currencies, gatewayTypes, paymentStatuses, type GatewayType } from './commerce-constants';

/**
 * Gateway settlement (issue 27, docs/decisions/0043-gateway-settlement.md): per gateway and period,
 * what we recorded as paid (the ledger's `gateway_in` moves) against what the gateway says it settled,
 * read from its inquiry API or from an uploaded statement CSV. Under /api/v1/staff (finance, admin):
 *
 * - GET /staff/settlement → `SettlementOverview`: the gateways this server takes money through (and
 *   whether each has an inquiry API) and the latest comparisons.
 * - POST /staff/settlement/inquiry `SettlementInquiryRequest` → `SettlementRun`: asks the gateway
 *   about every payment of the period.
 * - POST /staff/settlement/statements (multipart: `gateway`, `day` or `month`, `file`) → `SettlementRun`;
 *   a statement that does not follow its gateway's format (below) is a 422 naming the line and column.
 * - GET /staff/settlement/runs/{id} → `SettlementRun`.
 *
 * A period is one day (`day`, YYYY-MM-DD: Tehran's day for the Iranian gateways, UTC's for PayPal) or
 * one Solar Hijri month (`month`, e.g. 1405-09). Money is an integer in the currency's minor unit.
 */

/** A statement's columns for one gateway, named as the gateway names the fields. */
export interface StatementFormat {
  /** The gateway's reference of the money (what verify answered): matched with the payment's trace. */
  reference: string;
  /** The gateway's session or order id (or our payment number where the gateway takes it). */
  order: string;
  amount: string;
  status: string;
  /** Optional in the file: when the money moved. */
  date: string;
  /** Only where a gateway takes more than one currency (PayPal); else the gateway's one. */
  currency: string | null;
  /** How amounts are written: whole rials, or PayPal's decimal string (12.50). */
  amountUnit: 'rial' | 'decimal';
}

const iranian = (reference: string, order: string, capital: boolean): StatementFormat => ({
  reference,
  order,
  amount: capital ? 'Amount' : 'amount',
  status: capital ? 'Status' : 'status',
  date: capital ? 'Date' : 'date',
  currency: null,
  amountUnit: 'rial',
});

export const statementFormats: Record<GatewayType, StatementFormat> = {
  sandbox: iranian('ref_id', 'authority', false),
  zarinpal: iranian('ref_id', 'authority', false),
  mellat: iranian('SaleReferenceId', 'SaleOrderId', true),
  saman: iranian('RefNum', 'ResNum', true),
  pasargad: iranian('referenceNumber', 'invoice', false),
  paypal: {
    reference: 'capture_id',
    order: 'order_id',
    amount: 'amount',
    status: 'status',
    date: 'date',
    currency: 'currency',
    amountUnit: 'decimal',
  },
};

/** A statement line's status: the money stayed with us, or went back to the payer's card. */
export const statementStatuses = ['settled', 'reversed'] as const;
export type StatementStatus = (typeof statementStatuses)[number];

/** The columns of a gateway's statement, in order, as its header line. */
export function statementHeader(gateway: GatewayType): string[] {
  const format = statementFormats[gateway];
  return [format.reference, format.order, format.amount, ...(format.currency ? [format.currency] : [])]
    .concat([format.status, format.date])
    .filter((name): name is string => !!name);
}

/** Most lines one statement may hold. */
export const MAX_STATEMENT_LINES = 20_000;

export const settlementSources = ['inquiry', 'statement'] as const;

/**
 * - `not_settled`: paid here, the gateway did not settle it (or holds it unverified);
 * - `unknown_here`: settled there, no payment of ours names it;
 * - `not_paid_here`: settled there for a payment of ours that never took the money;
 * - `amount`: both, different amounts;
 * - `reversed_here`: we gave it back through the gateway, the gateway settled it anyway;
 * - `reversed_there`: the gateway gave it back, we kept it as paid;
 * - `reversed`: given back on both sides (a refund to the card, for the record).
 */
export const differenceKinds = [
  'not_settled',
  'unknown_here',
  'not_paid_here',
  'amount',
  'reversed_here',
  'reversed_there',
  'reversed',
] as const;
export type DifferenceKind = (typeof differenceKinds)[number];

const day = z.iso.date();
const month = z.string().regex(/^1[34]\d\d-(0[1-9]|1[0-2])$/);

export const settlementPeriodSchema = z
  .object({ day: day.optional(), month: month.optional() })
  .refine((period) => (period.day === undefined) !== (period.month === undefined), {
    params: { message: 'settlement_period' },
    path: ['day'],
  });

export const settlementInquiryRequestSchema = z
  .object({ gateway: z.enum(gatewayTypes), day: day.optional(), month: month.optional() })
  .meta({ id: 'SettlementInquiryRequest' });
export type SettlementInquiryRequest = z.infer<typeof settlementInquiryRequestSchema>;

export const settlementStatementFormSchema = z
  .object({
    gateway: z.enum(gatewayTypes),
    day: z.preprocess((value) => (value === '' ? undefined : value), day.optional()),
    month: z.preprocess((value) => (value === '' ? undefined : value), month.optional()),
    file: z.file().meta({ type: 'string', format: 'binary' }),
  })
  .meta({ id: 'SettlementStatementForm' });

export const settlementDifferenceSchema = z
  .object({
    kind: z.enum(differenceKinds),
    /** Our payment, when one is named: the console links to its detail. */
    payment_id: z.number().int().nullable(),
    payment_status: z.enum(paymentStatuses).nullable(),
    /** The gateway's reference (trace) or, failing that, its session id. */
    reference: z.string(),
    currency: z.enum(currencies),
    /** What we recorded as paid (null: nothing). */
    ours: z.number().int().nullable(),
    /** What the gateway settled (null: nothing, or it did not tell the amount). */
    theirs: z.number().int().nullable(),
    /** The statement's line, for an uploaded statement. */
    line: z.number().int().nullable(),
  })
  .meta({ id: 'SettlementDifference' });
export type SettlementDifference = z.infer<typeof settlementDifferenceSchema>;

const totalsSchema = z.array(
  z.object({ currency: z.enum(currencies), count: z.number().int(), amount: z.number().int() }),
);

export const settlementRunSchema = z
  .object({
    id: z.number().int(),
    gateway: z.enum(gatewayTypes),
    source: z.enum(settlementSources),
    file_name: z.string().nullable(),
    /** The first and last day compared (both included). */
    from: day,
    to: day,
    /** The Solar Hijri month, when a month was compared. */
    month: z.string().nullable(),
    /** What we recorded as paid in the period, kept after reversals. */
    recorded: totalsSchema,
    /** What the gateway says it settled of it (and of what it alone knows). */
    settled: totalsSchema,
    matched: z.number().int(),
    differences: z.array(settlementDifferenceSchema),
    created_at: z.iso.datetime(),
    by: z.string().nullable(),
  })
  .meta({ id: 'SettlementRun' });
export type SettlementRun = z.infer<typeof settlementRunSchema>;

export const settlementOverviewSchema = z
  .object({
    gateways: z.array(z.object({ gateway: z.enum(gatewayTypes), inquiry: z.boolean() })),
    runs: z.array(
      settlementRunSchema
        .pick({
          id: true,
          gateway: true,
          source: true,
          file_name: true,
          from: true,
          to: true,
          month: true,
          matched: true,
          created_at: true,
        })
        .extend({ differences: z.number().int() }),
    ),
  })
  .meta({ id: 'SettlementOverview' });
export type SettlementOverview = z.infer<typeof settlementOverviewSchema>;
