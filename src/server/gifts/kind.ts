import { invalidFields } from '../errors';
import {
  deliverGiftCard,
  deliverPendingGiftCards,
  issueGiftCard,
  recordGiftCard,
  type GiftCardRequest,
} from './cards';
import { activePackage, packageLine, productKind } from '../commerce';

/**
 * The gift card as a product kind (BUY_GIFT, cards.ts): priced as its subscription package, its
 * recipient kept when the payment starts, its code issued by fulfilment, its notice sent after (and by
 * reconciliation); the money is owed as a gift liability until the code is redeemed. Not refunded from
 * the console: the code is the value.
 */
export const giftCardKind = productKind<GiftCardRequest>({
  types: ['BUY_GIFT'],
  fields: ['gift'],
  async price(ctx, request, buying) {
    if (request.gift_to === undefined) throw invalidFields({ gift_to: 'gift_recipient_required' });
    const { row, price } = await activePackage(ctx.database.db, request.item_id ?? 0, buying.currency);
    const hold = { recipient: request.gift_to, message: request.gift_message ?? '' };
    return { price, taxable: true, productId: null, packageId: row.id, hold };
  },
  reserve: recordGiftCard,
  async deliver(tx, _ctx, payment, now) {
    const code = await issueGiftCard(tx, payment, now);
    return code ? { ok: true, ticketCode: code } : { ok: false, note: 'payment_credited_withdrawn' };
  },
  async afterDelivery(ctx, payment) {
    await deliverGiftCard(ctx, payment.id);
  },
  async reconcile(ctx) {
    await deliverPendingGiftCards(ctx);
  },
  describe: packageLine,
  earnedOn: 'gifts',
});
