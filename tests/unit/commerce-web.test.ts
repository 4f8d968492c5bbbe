import { describe, expect, it } from 'vitest';
import {
  choiceKey,
  choicesOf,
  isPending,
  itemPagePath,
  paymentIdOf,
  paymentRequestOf,
  purchaseInfoPath,
  quoteRequestOf,
  watchPathOf,
  type Selection,
} from '~/lib/commerce';
import type { PurchaseInfo, SubscriptionPackage } from '~/shared/commerce';

const monthly: SubscriptionPackage = {
  id: 7,
  slug: 'monthly',
  months: 1,
  title: 'یک ماهه',
  en_title: 'One month',
  currency: 'IRR',
  price: 1_000_000,
  vat: 100_000,
  total: 1_100_000,
};

const info: PurchaseInfo = {
  product_id: 12,
  kind: 'film',
  title: 'قهرمان',
  en_title: 'A Hero',
  currency: 'IRR',
  vat_percent: 10,
  options: [
    {
      type: 'BUY_MOVIE',
      item_id: 12,
      title: 'قهرمان',
      en_title: 'A Hero',
      currency: 'IRR',
      price: 500_000,
      vat: 50_000,
      total: 550_000,
      window_hours: 8,
    },
  ],
  packages: [monthly],
  coming_soon: false,
  owned: null,
  wallet: null,
};

describe('what the purchase dialog offers', () => {
  it('asks the purchase-info call of the title kind', () => {
    expect(purchaseInfoPath('film', 3)).toBe('/purchase-info/3');
    expect(purchaseInfoPath('series', 3)).toBe('/purchase-info/3');
    expect(purchaseInfoPath('screening', 4)).toBe('/live-purchase-info/4');
    expect(purchaseInfoPath('festival', 5)).toBe('/festival-purchase-info/5');
  });

  it('lists the title itself first, then the packages that include it as subscriptions', () => {
    const choices = choicesOf(info);
    expect(choices.map(choiceKey)).toEqual(['BUY_MOVIE:12', 'SUBSCRIPTION:7']);
    expect(choices[0]).toMatchObject({ window_hours: 8, months: null, total: 550_000 });
    expect(choices[1]).toMatchObject({ type: 'SUBSCRIPTION', item_id: 7, months: 1, window_hours: null });
  });
});

describe('payment requests', () => {
  const selection: Selection = {
    choice: { type: 'SUBSCRIPTION', item_id: 7 },
    currency: 'USD',
    discountCode: null,
    useWallet: false,
  };

  it('sends a discount code only once one was accepted', () => {
    expect(quoteRequestOf(selection)).toEqual({
      type: 'SUBSCRIPTION',
      item_id: 7,
      currency: 'USD',
      use_wallet: false,
    });
    expect(quoteRequestOf({ ...selection, discountCode: 'DEMO-20' })).toMatchObject({
      discount_code: 'DEMO-20',
    });
  });

  it('pays through the chosen gateway, or names the wallet when it covers everything', () => {
    expect(paymentRequestOf(selection, { gateway_part: 500 }, 'sandbox')).toMatchObject({
      gateway: 'sandbox',
    });
    expect(paymentRequestOf({ ...selection, useWallet: true }, { gateway_part: 0 }, 'sandbox')).toMatchObject(
      {
        gateway: 'wallet',
        use_wallet: true,
      },
    );
    expect(paymentRequestOf(selection, { gateway_part: 500 }, null)).toBeNull();
  });
});

describe('after paying', () => {
  it('keeps asking only while the payment is on its way', () => {
    expect(['started', 'at_gateway', 'verified'].every((status) => isPending(status as never))).toBe(true);
    expect(isPending('fulfilled')).toBe(false);
    expect(isPending('cancelled')).toBe(false);
    expect(isPending('credited')).toBe(false);
  });

  it('leads to where the bought item is watched, and to its page', () => {
    expect(watchPathOf({ kind: 'film', id: 3 })).toBe('/play/3');
    expect(watchPathOf({ kind: 'screening', id: 4 })).toBe('/lives/play/4');
    expect(watchPathOf({ kind: 'festival', id: 5 })).toBe('/play?festival=5');
    expect(watchPathOf({ kind: 'package', id: 7 })).toBeNull();
    expect(itemPagePath({ kind: 'screening', id: 4 })).toBe('/lives/4');
    expect(itemPagePath({ kind: 'package', id: 7 })).toBeNull();
  });

  it('reads a result page id from its address', () => {
    expect(paymentIdOf('42')).toBe(42);
    expect(paymentIdOf('۴۲')).toBe(42);
    expect(paymentIdOf('0')).toBeNull();
    expect(paymentIdOf('42abc')).toBeNull();
    expect(paymentIdOf('99999999999')).toBeNull();
    expect(paymentIdOf(undefined)).toBeNull();
  });
});
