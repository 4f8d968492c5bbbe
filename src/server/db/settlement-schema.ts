import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { gatewayTypes } from '../../shared/commerce-constants';
import { settlementSources, type SettlementRun } from '../../shared/settlement';
import { createdAt } from './columns';
import { users } from './users-schema';

/**
 * One comparison of a gateway's settlement with our books (issue 27, decision record 0043): who ran
 * it, for which gateway and days, from the gateway's inquiry API or an uploaded statement (its lines
 * as read), and what it found. Kept as finance's trail; never edited, never deleted.
 */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gateway: text('gateway', { enum: gatewayTypes }).notNull(),
    source: text('source', { enum: settlementSources }).notNull(),
    fileName: text('file_name'),
    /** The first and last day compared (YYYY-MM-DD, both included), and the Solar Hijri month if one. */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    month: text('month'),
    /** The gateway's side as read: the statement's lines, or the inquiry's answers. */
    lines: jsonb('lines').$type<SettlementLineRecord[]>().notNull(),
    /** What the comparison found (the API's shape). */
    result: jsonb('result')
      .$type<Pick<SettlementRun, 'recorded' | 'settled' | 'matched' | 'differences'>>()
      .notNull(),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [index('settlement_runs_gateway_idx').on(table.gateway, table.id.desc())],
);

/** One transaction as the gateway reports it. */
export interface SettlementLineRecord {
  /** The statement's line number; null for an inquiry's answer. */
  line: number | null;
  reference: string;
  order: string;
  currency: string;
  /** Null when the gateway does not tell the amount (Zarinpal's inquiry). */
  amount: number | null;
  status: 'settled' | 'reversed' | 'held' | 'unpaid';
}
