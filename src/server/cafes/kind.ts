import { eq } from 'drizzle-orm';
import { formatDate, longDateTime } from '../../lib/format';
import type { ReceiptLine } from '../../shared/receipts';
import { productKind, type PaymentRow, type Tx } from '../commerce';
import { cafeBookings, cafes, cafeSessions, products } from '../db/schema';
import { issueSeats, prepareSeats, releaseSeats, reserveSeats, voidSeats, type CafeSeats } from './seats';

/** One line: the title shown, at which cafe and when, times the seats at the session's price then. */
async function describeBooking(db: Tx, payment: PaymentRow): Promise<ReceiptLine[]> {
  const [row] = await db
    .select({ booking: cafeBookings, session: cafeSessions, cafe: cafes, product: products })
    .from(cafeBookings)
    .innerJoin(cafeSessions, eq(cafeSessions.id, cafeBookings.sessionId))
    .innerJoin(cafes, eq(cafes.id, cafeSessions.cafeId))
    .innerJoin(products, eq(products.id, cafeSessions.productId))
    .where(eq(cafeBookings.paymentId, payment.id));
  if (!row) return [];
  const { booking, session, cafe, product } = row;
  return [
    {
      title: { fa: product.titleFa, en: product.titleEn },
      detail: {
        fa: `${cafe.nameFa}، ${formatDate(session.startsAt, 'fa', longDateTime)}`,
        en: `${cafe.nameEn}, ${formatDate(session.startsAt, 'en', longDateTime)}`,
      },
      quantity: booking.seats,
      // The payment's price is the session's price per seat when it started, times the seats.
      unit_price: payment.price / booking.seats,
      amount: payment.price,
    },
  ];
}

/**
 * Cafe seats as a product kind (BUY_CAFE_TICKET, decision record 0026): a session's seats priced and
 * reserved when the payment starts, released when it ends unpaid, one ticket a seat when fulfilled.
 * Finance refunds them whole and to the wallet only: the refund voids the seats' codes and puts the
 * seats back on sale, which a reversal the gateway may still refuse could not promise.
 */
export const cafeSeatKind = productKind<CafeSeats>({
  types: ['BUY_CAFE_TICKET'],
  fields: ['seats'],
  async price(ctx, request, buying) {
    const { productId, price, ...hold } = await prepareSeats(ctx, request, buying.currency);
    return { price, taxable: true, productId, packageId: null, hold };
  },
  reserve: reserveSeats,
  release: releaseSeats,
  async deliver(tx, _ctx, payment, now) {
    // Its seats were reserved when the payment started; each becomes a ticket with its own code.
    await issueSeats(tx, payment, now);
    return { ok: true };
  },
  describe: describeBooking,
  refunds: {
    wholeOnly: true,
    toCard: false,
    async undo(tx, payment) {
      return { seats_voided: await voidSeats(tx, payment) };
    },
  },
});
