import { describe, expect, it } from 'vitest';
import { numberOf } from '~/islands/admin/catalogue-form';
import {
  formatDate,
  formatList,
  localPhoneNumbers,
  formatNumber,
  formatPhone,
  localDigits,
  toLatinDigits,
  toPersianDigits,
} from '~/lib/format';

describe('digits', () => {
  it('writes Latin digits as Persian ones and back', () => {
    expect(toPersianDigits('09121234567')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(toPersianDigits(1405)).toBe('۱۴۰۵');
    expect(toLatinDigits('۰۹۱۲۱۲۳۴۵۶۷')).toBe('09121234567');
  });

  it('accepts Arabic-Indic digits and mixed input, leaving other text alone', () => {
    expect(toLatinDigits('٠٩١٢ ۱۲3 abc')).toBe('0912 123 abc');
    expect(toPersianDigits('Room 12B')).toBe('Room ۱۲B');
  });

  it('uses the page language', () => {
    expect(localDigits(42, 'fa')).toBe('۴۲');
    expect(localDigits(42, 'en')).toBe('42');
  });
});

describe('Intl formatting', () => {
  it('formats numbers with the locale digits and separators', () => {
    expect(formatNumber(1234567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });

  it('writes Persian dates in the Solar Hijri calendar', () => {
    const nowruz = new Date('2026-03-21T12:00:00Z');
    expect(formatDate(nowruz, 'fa')).toContain('۱۴۰۵');
    expect(formatDate(nowruz, 'fa')).toContain('فروردین');
    expect(formatDate(nowruz, 'en')).toBe('21 March 2026');
  });

  it('groups the support phone and keeps its digits in the page language', () => {
    expect(formatPhone('+982191012345', 'en')).toBe('+98 21 9101 2345');
    expect(formatPhone('+982191012345', 'fa')).toBe('+۹۸ ۲۱ ۹۱۰۱ ۲۳۴۵');
    expect(formatPhone('+4930123', 'en')).toBe('+4930123');
  });
});

describe('issue 25: Persian pages write numbers and lists their own way', () => {
  it('joins lists with the language’s comma', () => {
    expect(formatList(['تهران', 'تهران'], 'fa')).toBe('تهران، تهران');
    expect(formatList(['Tehran', 'Tehran'], 'en')).toBe('Tehran, Tehran');
  });

  it('writes phone numbers in Persian digits and leaves e-mail addresses as they are', () => {
    expect(localPhoneNumbers('ناظر · +989120000001', 'fa')).toBe('ناظر · +۹۸۹۱۲۰۰۰۰۰۰۱');
    expect(localPhoneNumbers('staff2026@example.com', 'fa')).toBe('staff2026@example.com');
    expect(localPhoneNumbers('+989120000001', 'en')).toBe('+989120000001');
  });

  it('reads a price typed in Persian digits, with the Persian decimal separator or a point', () => {
    expect(numberOf('۲٫۹۹', 100)).toBe(299);
    expect(numberOf('۲.۹۹', 100)).toBe(299);
    expect(numberOf('2.99', 100)).toBe(299);
  });
});
