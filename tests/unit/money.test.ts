import { describe, expect, it } from 'vitest';
import { formatMoney, moneyUnit, parseMoney } from '~/lib/money';

describe('formatMoney', () => {
  it('shows rials as toman: Persian digits and separators on Persian pages', () => {
    expect(formatMoney(1_500_000, 'IRR', 'fa')).toBe('۱۵۰٬۰۰۰ تومان');
    expect(formatMoney(1_500_000, 'IRR', 'en')).toBe('150,000 toman');
  });

  it('keeps a tenth of a toman that VAT rounding in rials may leave', () => {
    expect(formatMoney(12_345, 'IRR', 'en')).toBe('1,234.5 toman');
    expect(formatMoney(12_345, 'IRR', 'fa')).toBe('۱٬۲۳۴٫۵ تومان');
  });

  it('shows cents as dollars with their cents', () => {
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
    expect(formatMoney(1000, 'USD', 'en')).toBe('$10.00');
    expect(formatMoney(499, 'USD', 'fa')).toBe('۴٫۹۹ دلار');
    expect(formatMoney(123_456, 'USD', 'en')).toBe('$1,234.56');
  });

  it('writes zero and, when asked, the sign of ledger lines', () => {
    expect(formatMoney(0, 'IRR', 'en')).toBe('0 toman');
    expect(formatMoney(0, 'USD', 'en', { signed: true })).toBe('$0.00');
    expect(formatMoney(250, 'USD', 'en', { signed: true })).toBe('+$2.50');
    expect(formatMoney(-250, 'USD', 'en', { signed: true })).toBe('-$2.50');
    expect(formatMoney(100_000, 'IRR', 'en', { signed: true })).toBe('+10,000 toman');
    // Intl marks the sign with a left-to-right mark in Persian; the digits stay Persian.
    expect(formatMoney(-100_000, 'IRR', 'fa', { signed: true })).toMatch(/^\u200e?[−-]۱۰٬۰۰۰ تومان$/);
  });

  it('names the displayed unit', () => {
    expect(moneyUnit('IRR', 'fa')).toBe('تومان');
    expect(moneyUnit('USD', 'en')).toBe('dollars');
  });
});

describe('parseMoney', () => {
  it('reads typed toman as rials, in any digits and with separators', () => {
    expect(parseMoney('50000', 'IRR')).toBe(500_000);
    expect(parseMoney('۵۰٬۰۰۰', 'IRR')).toBe(500_000);
    expect(parseMoney('٥٠,٠٠٠', 'IRR')).toBe(500_000);
    expect(parseMoney(' 1 000 ', 'IRR')).toBe(10_000);
  });

  it('reads typed dollars as cents without floating point error', () => {
    expect(parseMoney('12', 'USD')).toBe(1200);
    expect(parseMoney('12.5', 'USD')).toBe(1250);
    expect(parseMoney('0.29', 'USD')).toBe(29);
    expect(parseMoney('۴٫۹۹', 'USD')).toBe(499);
    expect(parseMoney('1,000.10', 'USD')).toBe(100_010);
  });

  it('refuses what is not a positive amount in the unit', () => {
    expect(parseMoney('', 'IRR')).toBeNull();
    expect(parseMoney('0', 'USD')).toBeNull();
    expect(parseMoney('-5', 'USD')).toBeNull();
    expect(parseMoney('12.5', 'IRR')).toBeNull();
    expect(parseMoney('1.234', 'USD')).toBeNull();
    expect(parseMoney('1e5', 'USD')).toBeNull();
    expect(parseMoney('abc', 'IRR')).toBeNull();
    expect(parseMoney('9'.repeat(20), 'IRR')).toBeNull();
  });
});
