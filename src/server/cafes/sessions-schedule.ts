import { and, asc, eq } from 'drizzle-orm';
import type { Message } from '../../shared/messages';
import type { CafeSessionInput, StaffCafeSession, TitleCafeSessions } from '../../shared/staff-catalogue';
import { announceCatalogueChange, catalogueChanged } from '../catalog';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { cafeBookings, cafeSessions, cafes, products } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { recordAudit } from '../core/audit';
import { seatsOnMap } from './seat-map';

/**
 * Cafe sessions scheduled from a title in the staff console (issue 17, docs/decisions/0031): which cafe
 * shows it when, with how many seats at what price. Seats already held or sold bound every change: a
 * session cannot shrink below them, and once booked it keeps its cafe and cannot be removed (its
 * bookings and tickets name it). The row is locked first, as the payments that reserve seats lock it.
 */

type SessionRow = typeof cafeSessions.$inferSelect;

function sessionOf(row: SessionRow): StaffCafeSession {
  return {
    id: row.id,
    cafe_id: row.cafeId,
    product_id: row.productId,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    seats: row.seats,
    reserved: row.reserved,
    sold: row.sold,
    price_irr: row.priceIrr,
    price_usd: row.priceUsd,
  };
}

function fieldError(field: string, message: Message): DomainError {
  return new DomainError('validation', undefined, { fields: { [field]: [message] } });
}

/** GET /staff/catalogue/titles/{id}/cafe-sessions: the cafes to choose from and the title's sessions. */
export async function titleCafeSessions(ctx: AppContext, productId: number): Promise<TitleCafeSessions> {
  const db = ctx.database.db;
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound();
  const [cafeRows, sessionRows] = await Promise.all([
    db.select().from(cafes).where(eq(cafes.active, true)).orderBy(asc(cafes.id)),
    db
      .select()
      .from(cafeSessions)
      .where(eq(cafeSessions.productId, productId))
      .orderBy(asc(cafeSessions.startsAt), asc(cafeSessions.id)),
  ]);
  return {
    cafes: cafeRows.map((cafe) => ({
      id: cafe.id,
      name: cafe.nameFa,
      en_name: cafe.nameEn,
      capacity: cafe.capacity,
    })),
    sessions: sessionRows.map(sessionOf),
  };
}

/** The cafe, active, with room for the seats asked. */
async function checkCafe(tx: DbTransaction, input: CafeSessionInput): Promise<void> {
  const [cafe] = await tx
    .select({ capacity: cafes.capacity })
    .from(cafes)
    .where(and(eq(cafes.id, input.cafe_id), eq(cafes.active, true)));
  if (!cafe) throw invalidFields({ cafe_id: 'invalid_choice' });
  if (input.seats > cafe.capacity) {
    throw fieldError('seats', { key: 'seats_above_capacity', params: { max: cafe.capacity } });
  }
}

const valuesOf = (input: CafeSessionInput) => ({
  cafeId: input.cafe_id,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  seats: input.seats,
  priceIrr: input.price_irr,
  priceUsd: input.price_usd,
});

async function announced<T>(ctx: AppContext, write: (tx: DbTransaction) => Promise<T>): Promise<T> {
  const result = await ctx.database.db.transaction(async (tx) => {
    const value = await write(tx);
    await announceCatalogueChange(tx);
    return value;
  });
  catalogueChanged(ctx);
  return result;
}

/** POST /staff/catalogue/titles/{id}/cafe-sessions. */
export async function scheduleCafeSession(
  ctx: AppContext,
  actorId: number,
  productId: number,
  input: CafeSessionInput,
): Promise<StaffCafeSession> {
  if (new Date(input.starts_at) <= ctx.clock.now()) throw invalidFields({ starts_at: 'starts_in_past' });
  return announced(ctx, async (tx) => {
    const [product] = await tx
      .select({ kind: products.kind })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw notFound();
    if (product.kind === 'festival') throw new DomainError('validation', 'cafe_session_kind');
    await checkCafe(tx, input);
    const [row] = await tx
      .insert(cafeSessions)
      .values({ productId, ...valuesOf(input), createdAt: ctx.clock.now() })
      .returning();
    const session = sessionOf(row!);
    await recordAudit(tx, {
      actorId,
      action: 'cafe_session.create',
      targetType: 'cafe_session',
      targetId: row!.id,
      before: null,
      after: session,
    });
    return session;
  });
}

async function lockedSession(tx: DbTransaction, id: number): Promise<SessionRow> {
  const [row] = await tx.select().from(cafeSessions).where(eq(cafeSessions.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Whether anyone ever booked a seat (a booking, even released, names its session for good). */
async function everBooked(tx: DbTransaction, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: cafeBookings.paymentId })
    .from(cafeBookings)
    .where(eq(cafeBookings.sessionId, id))
    .limit(1);
  return row !== undefined;
}

/** PUT /staff/catalogue/cafe-sessions/{id}: times, seats and prices; the cafe only while nothing is sold. */
export async function updateCafeSession(
  ctx: AppContext,
  actorId: number,
  id: number,
  input: CafeSessionInput,
): Promise<StaffCafeSession> {
  return announced(ctx, async (tx) => {
    const before = await lockedSession(tx, id);
    const taken = before.reserved + before.sold;
    if (input.cafe_id !== before.cafeId && (await everBooked(tx, id))) {
      throw new DomainError('conflict', 'cafe_session_has_tickets');
    }
    if (input.seats < taken) throw fieldError('seats', { key: 'seats_below_sold', params: { count: taken } });
    // A numbered session's seats are those on its map (issue 25); its count changes only with the map.
    if (before.seatMap && input.seats !== seatsOnMap(before.seatMap)) {
      throw fieldError('seats', { key: 'seats_on_map', params: { count: seatsOnMap(before.seatMap) } });
    }
    await checkCafe(tx, input);
    const [row] = await tx
      .update(cafeSessions)
      .set(valuesOf(input))
      .where(eq(cafeSessions.id, id))
      .returning();
    const session = sessionOf(row!);
    await recordAudit(tx, {
      actorId,
      action: 'cafe_session.update',
      targetType: 'cafe_session',
      targetId: id,
      before: sessionOf(before),
      after: session,
    });
    return session;
  });
}

/** DELETE /staff/catalogue/cafe-sessions/{id}: only a session nobody holds or bought a seat of. */
export async function deleteCafeSession(ctx: AppContext, actorId: number, id: number): Promise<void> {
  await announced(ctx, async (tx) => {
    const before = await lockedSession(tx, id);
    if (await everBooked(tx, id)) throw new DomainError('conflict', 'cafe_session_has_tickets');
    await tx.delete(cafeSessions).where(eq(cafeSessions.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'cafe_session.delete',
      targetType: 'cafe_session',
      targetId: id,
      before: sessionOf(before),
      after: null,
    });
  });
}
