import { describe, expect, it } from 'vitest';
import { addMonths } from '~/server/commerce/entitlements';
import { discountAmount, percentOf, priceIn, priceLines, withVat } from '~/server/commerce/money';
import { paymentStatuses, paymentTransitions, type PaymentStatus } from '~/shared/commerce';

describe('price arithmetic', () => {
  it('rounds a percentage half up, once', () => {
    expect(percentOf(690_000, 10)).toBe(69_000);
    expect(percentOf(299, 10)).toBe(30); // 29.9 cents
    expect(percentOf(245, 10)).toBe(25); // 24.5 → 25
    expect(percentOf(244, 10)).toBe(24); // 24.4 → 24
    expect(percentOf(Number.MAX_SAFE_INTEGER / 128, 10)).toBe(Math.round(Number.MAX_SAFE_INTEGER / 1280));
  });

  it('a price shown with its VAT rounds the VAT once, half up, as a payment of it would', () => {
    expect(withVat(690_000)).toEqual({ price: 690_000, vat: 69_000, total: 759_000 });
    expect(withVat(299)).toEqual({ price: 299, vat: 30, total: 329 });
    expect(withVat(245).total).toBe(270);
    expect(withVat(244).total).toBe(268);
    for (const price of [0, 1, 5, 15, 299, 690_000, 1_234_567]) {
      const lines = priceLines({ currency: 'USD', price, discount: null, taxable: true, walletAvailable: 0 });
      expect(withVat(price)).toEqual({ price, vat: lines.vat, total: lines.total });
    }
  });

  it('reads the price of a row priced in both currencies in the one asked for', () => {
    const row = { priceIrr: 690_000, priceUsd: 299 };
    expect(priceIn(row, 'IRR')).toBe(690_000);
    expect(priceIn(row, 'USD')).toBe(299);
    expect(priceIn({ priceIrr: null, priceUsd: 500 }, 'IRR')).toBeNull();
  });

  it('VAT is 10 % of the price after discount, in rials and in cents', () => {
    expect(
      priceLines({
        currency: 'IRR',
        price: 690_000,
        discount: { kind: 'percent', percent: 20, amount: null },
        taxable: true,
        walletAvailable: 0,
      }),
    ).toEqual({
      currency: 'IRR',
      price: 690_000,
      discount: 138_000,
      vat: 55_200,
      total: 607_200,
      wallet_part: 0,
      gateway_part: 607_200,
    });
    expect(
      priceLines({
        currency: 'USD',
        price: 299,
        discount: { kind: 'percent', percent: 20, amount: null },
        taxable: true,
        walletAvailable: 0,
      }),
    ).toEqual({
      currency: 'USD',
      price: 299,
      discount: 60,
      vat: 24,
      total: 263,
      wallet_part: 0,
      gateway_part: 263,
    });
  });

  it('a fixed discount never exceeds the price, and a free purchase owes no VAT', () => {
    expect(discountAmount(500, { kind: 'fixed', percent: null, amount: 800 })).toBe(500);
    const free = priceLines({
      currency: 'USD',
      price: 500,
      discount: { kind: 'fixed', percent: null, amount: 800 },
      taxable: true,
      walletAvailable: 0,
    });
    expect(free).toMatchObject({ discount: 500, vat: 0, total: 0, gateway_part: 0 });
  });

  it('the wallet pays what it holds, the gateway the rest; a wallet charge bears no VAT', () => {
    expect(
      priceLines({ currency: 'IRR', price: 100_000, discount: null, taxable: true, walletAvailable: 30_000 }),
    ).toMatchObject({
      total: 110_000,
      wallet_part: 30_000,
      gateway_part: 80_000,
    });
    expect(
      priceLines({ currency: 'IRR', price: 500_000, discount: null, taxable: false, walletAvailable: 0 }),
    ).toMatchObject({
      vat: 0,
      total: 500_000,
    });
  });

  it('adds calendar months, keeping to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-21T08:00:00Z'), 12).toISOString()).toBe('2027-03-21T08:00:00.000Z');
  });
});

describe('the payment state machine', () => {
  it('leads from started to fulfilled, and every other end is final', () => {
    const reachable = new Set<string>(['started']);
    for (let step = 0; step < paymentStatuses.length; step++) {
      for (const status of [...reachable]) {
        for (const next of paymentTransitions[status as PaymentStatus]) reachable.add(next);
      }
    }
    expect([...reachable].sort()).toEqual([...paymentStatuses].sort());
    const final = paymentStatuses.filter((status) => paymentTransitions[status].length === 0);
    expect(final.sort()).toEqual(['cancelled', 'credited', 'expired', 'failed', 'fulfilled', 'reversed']);
    // Money that arrived is never simply dropped: a verified payment ends delivered, credited or reversed.
    expect(paymentTransitions.verified).toEqual(['fulfilled', 'credited', 'reversed']);
    expect(paymentTransitions.at_gateway).not.toContain('fulfilled');
  });
});
