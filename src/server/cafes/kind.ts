import { productKind } from '../commerce';
import { issueSeats, prepareSeats, releaseSeats, reserveSeats, voidSeats, type CafeSeats } from './seats';

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
  refunds: {
    wholeOnly: true,
    toCard: false,
    async undo(tx, payment) {
      return { seats_voided: await voidSeats(tx, payment) };
    },
  },
});
