import { eq } from 'drizzle-orm';
import type { PaymentRow } from './payment-records';
import { productPrices } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { heldEntitlement, loadTitle, loadViewer } from '../playback';
import { grantTitle, issueTicket } from './entitlements';
import { productKind, type Delivery } from './kinds';
import { assertOnSale, assertPlayable, heldBy, productPrice, purchaseTypeOf, soldAlone } from './offers';
import { productLine } from './receipt-lines';

/**
 * A title bought on its own (BUY_MOVIE: a film, series or music for its window), a festival package
 * (BUY_FESTIVAL) or a screening ticket (BUY_SCREENING). The refusals are playback's (SPEC §8): nobody
 * buys their way past a region, a licence window or an ended screening, nor buys what they already hold.
 */
export const titleKind = productKind<never>({
  types: ['BUY_MOVIE', 'BUY_FESTIVAL', 'BUY_SCREENING'],
  async price(ctx, request, buying) {
    const { db } = ctx.database;
    const title = await loadTitle(db, request.item_id ?? 0, true);
    if (!title || purchaseTypeOf[title.kind] !== request.type) throw notFound('product_not_found');
    assertOnSale(title, buying.country, ctx.clock.now());
    const price = await productPrice(db, title.id, buying.currency);
    if (!soldAlone(title, price)) throw new DomainError('forbidden', 'plans_not_available');
    await assertPlayable(ctx, title);
    if (await heldBy(ctx, title, buying.userId, buying.clientAddress)) {
      throw new DomainError('conflict', 'already_owned');
    }
    return { price, taxable: true, productId: title.id, packageId: null, hold: null };
  },
  async deliver(tx, ctx, payment: PaymentRow, now): Promise<Delivery> {
    const title = await loadTitle(tx, payment.productId ?? 0, true);
    const [price] = await tx
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, payment.productId ?? 0));
    const withdrawn =
      !title ||
      !price ||
      (payment.type === 'BUY_MOVIE' && !title.purchasable) ||
      (title.availableUntil !== null && title.availableUntil <= now) ||
      (title.kind === 'screening' && title.endsAt !== null && title.endsAt <= now);
    if (!title || withdrawn) return { ok: false, note: 'payment_credited_withdrawn' };
    const who = { userId: payment.userId, clientAddress: '', streamingIp: null, presentedTicket: null };
    const viewer = await loadViewer(ctx, title, who, now, tx);
    if (heldEntitlement(title, viewer, now) !== null) return { ok: false, note: 'payment_credited_owned' };
    const source = { source: 'payment' as const, paymentRef: String(payment.id), now };
    if (payment.type === 'BUY_MOVIE') {
      await grantTitle(tx, { userId: payment.userId, productId: title.id, ...source });
      return { ok: true };
    }
    const ticket = await issueTicket(tx, {
      productId: title.id,
      kind: payment.type === 'BUY_SCREENING' ? 'live' : 'festival',
      ownerUserId: payment.userId,
      validUntil: payment.type === 'BUY_SCREENING' ? title.endsAt : title.availableUntil,
      ...source,
    });
    return { ok: true, ticketCode: ticket!.code };
  },
  describe: productLine,
  refunds: { toCard: true },
});
