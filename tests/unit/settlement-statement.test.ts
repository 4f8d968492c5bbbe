import { describe, expect, it } from 'vitest';
import { recentSolarMonths, solarMonthDays, solarMonthOf } from '~/lib/solar-month';
import { DomainError } from '~/server/errors';
import { readStatement } from '~/server/finance/settlement-statement';

/** The statement CSV as finance's spreadsheets write it, and Solar Hijri months as days (issue 27). */

function faultsOf(read: () => unknown): { key: string; params?: Record<string, unknown> }[] {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).fields?.['file'] ?? [];
  }
  throw new Error('the statement was accepted');
}

describe('a settlement statement', () => {
  it('reads quotes, a BOM, CRLF, Persian digits, separators, any column order and extra columns', () => {
    const csv =
      '\uFEFFnote,invoice,referenceNumber,status,amount\r\n' +
      '"paid, then confirmed",۱۲,"۷۷۸۸",settled,"1,500,000"\r\n' +
      'x,13,7789,Reversed,2000\r\n' +
      '\r\n';
    expect(readStatement('pasargad', csv)).toEqual([
      { line: 2, reference: '7788', order: '12', currency: 'IRR', amount: 1_500_000, status: 'settled' },
      { line: 3, reference: '7789', order: '13', currency: 'IRR', amount: 2000, status: 'reversed' },
    ]);
  });

  it('reads PayPal’s decimal amounts with their currency', () => {
    const csv =
      'capture_id,order_id,amount,currency,status,date\n5O1,8AB,12.5,usd,settled,2026-11-26T10:00:00Z\n';
    expect(readStatement('paypal', csv)).toEqual([
      { line: 2, reference: '5O1', order: '8AB', currency: 'USD', amount: 1250, status: 'settled' },
    ]);
  });

  it('counts lines as a spreadsheet shows them, a quoted line break included', () => {
    const csv = 'RefNum,ResNum,Amount,Status\n1,"two\nlines",1000,settled\n2,3,0,settled\n';
    expect(faultsOf(() => readStatement('saman', csv))).toEqual([
      { key: 'settlement_csv_amount', params: { line: 4, field: 'Amount', value: '0' } },
    ]);
  });

  it('names every faulty line and column: fields, empties, duplicates, statuses, dates', () => {
    const csv = [
      'ref_id,authority,amount,status,date',
      '1,A1,1000,settled',
      '2,,1000,settled,',
      '3,A3,1000,settled,',
      '3,A4,1000,settled,',
      '5,A5,1000,kept,yesterday',
    ].join('\n');
    expect(faultsOf(() => readStatement('zarinpal', csv))).toEqual([
      { key: 'settlement_csv_fields', params: { line: 2, found: 4, expected: 5 } },
      { key: 'settlement_csv_required', params: { line: 3, field: 'authority' } },
      { key: 'settlement_csv_duplicate', params: { line: 5, field: 'ref_id', value: '3', first: 4 } },
      { key: 'settlement_csv_status', params: { line: 6, field: 'status', value: 'kept' } },
      { key: 'settlement_csv_date', params: { line: 6, field: 'date', value: 'yesterday' } },
    ]);
  });

  it('refuses a file without lines, or not text', () => {
    expect(faultsOf(() => readStatement('mellat', 'SaleReferenceId,SaleOrderId,Amount,Status\n'))).toEqual([
      { key: 'settlement_csv_empty', params: {} },
    ]);
    expect(faultsOf(() => readStatement('mellat', 'PK\u0003\u0004\u0000\u0000'))[0]!.key).toBe(
      'settlement_csv_not_text',
    );
  });
});

describe('Solar Hijri months', () => {
  it('are ranges of days, leap Esfands and the turn of the year included', () => {
    expect(solarMonthDays('1405-09')).toEqual({ from: '2026-11-22', to: '2026-12-21' });
    expect(solarMonthDays('1405-01')).toEqual({ from: '2026-03-21', to: '2026-04-20' });
    expect(solarMonthDays('1403-12')).toEqual({ from: '2025-02-19', to: '2025-03-20' });
    expect(solarMonthDays('1404-12')).toEqual({ from: '2026-02-20', to: '2026-03-20' });
    expect(solarMonthOf('2026-03-20')).toBe('1404-12');
    expect(solarMonthOf('2026-03-21')).toBe('1405-01');
    expect(recentSolarMonths('2026-04-01', 3)).toEqual(['1405-01', '1404-12', '1404-11']);
  });
});
