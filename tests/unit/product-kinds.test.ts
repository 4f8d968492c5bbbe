import { describe, expect, it } from 'vitest';
import { paymentTypes } from '~/shared/commerce-constants';
import { productKind, productKinds } from '~/server/commerce/kinds';
import { registeredKinds } from '~/server/product-kinds';

/** The product kinds commerce sells through (decision record 0036). */

const deliverNothing = () => Promise.resolve({ ok: true as const });
const priceNothing = () =>
  Promise.resolve({ price: 0, taxable: true, productId: null, packageId: null, hold: null });
const describeNothing = () => Promise.resolve([]);

describe('product kinds', () => {
  it('every payment type but a wallet top-up is sold by exactly one registered kind', () => {
    const kinds = registeredKinds();
    expect(kinds.of('CHARGE_WALLET')).toBeNull();
    for (const type of paymentTypes.filter((t) => t !== 'CHARGE_WALLET')) {
      const sellers = kinds.all().filter((kind) => kind.types.includes(type));
      expect(sellers, type).toHaveLength(1);
      expect(kinds.of(type)).toBe(sellers[0]);
    }
  });

  it('refuses a type registered twice, and names a type nobody registered', () => {
    const one = productKind({
      types: ['BUY_MOVIE'],
      price: priceNothing,
      deliver: deliverNothing,
      describe: describeNothing,
    });
    expect(() => productKinds([one, one])).toThrow('BUY_MOVIE is registered by two product kinds');
    expect(() => productKinds([one]).of('BUY_GIFT')).toThrow('no product kind sells payment type BUY_GIFT');
  });

  it('finance refunds titles, subscriptions and cafe seats, never shop orders or gift cards; cafe seats whole and to the wallet only', () => {
    const kinds = registeredKinds();
    const refunds = (type: (typeof paymentTypes)[number]) => kinds.of(type)?.refunds;
    for (const type of ['BUY_MOVIE', 'BUY_FESTIVAL', 'BUY_SCREENING', 'SUBSCRIPTION'] as const) {
      expect(refunds(type), type).toEqual({ toCard: true });
    }
    expect(refunds('BUY_CAFE_TICKET')).toMatchObject({ wholeOnly: true, toCard: false });
    expect(refunds('BUY_PHYSICAL')).toBeUndefined();
    expect(refunds('BUY_GIFT')).toBeUndefined();
  });
});
