import { and, asc, eq, sql } from 'drizzle-orm';
import type { Currency } from '../../shared/commerce';
import type { DeliveryMethod } from '../../shared/shop';
import { priceIn } from '../commerce';
import type { Db } from '../db/client';
import { deliveryMethods } from '../db/schema';
import { provinceWithCities } from '../core/places';

/** Delivery methods (SPEC §7 GET /core/delivery-methods/{id}): those that reach a province, cheapest first. */

export type DeliveryRow = typeof deliveryMethods.$inferSelect;

function reaching(stateId: number) {
  return and(
    eq(deliveryMethods.active, true),
    sql`(cardinality(${deliveryMethods.stateIds}) = 0 or ${stateId} = any(${deliveryMethods.stateIds}))`,
  );
}

export async function deliveryMethodsFor(
  db: Db,
  stateId: number,
  currency: Currency,
): Promise<DeliveryMethod[]> {
  provinceWithCities(stateId);
  const rows = await db
    .select()
    .from(deliveryMethods)
    .where(reaching(stateId))
    .orderBy(asc(deliveryMethods.priceIrr));
  return rows.map((row) => ({
    id: row.id,
    title: row.titleFa,
    en_title: row.titleEn,
    currency,
    price: priceIn(row, currency),
    days_min: row.daysMin,
    days_max: row.daysMax,
  }));
}

/** The method if it reaches the province; null otherwise. */
export async function deliveryMethodTo(db: Db, id: number, stateId: number): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, id), reaching(stateId)));
  return row ?? null;
}
