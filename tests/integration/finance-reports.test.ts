import ExcelJS from 'exceljs';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceReport, FinanceTable } from '~/shared/finance';
import { giftCodes, ledgerAccounts, ledgerTransfers } from '~/server/db/schema';
import { DEMO_DISCOUNTS } from '~/server/demo/commerce';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  expectBooksBalanced,
  newViewer,
  packageId,
  payAtBank,
  pricedTitle,
  seedShop,
  type Viewer,
} from './commerce-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * The finance reports (issue 27) against a known set of payments, each moved to a known moment:
 * Aban 1404 runs from 2025-10-23 to 2025-11-21 (Iranian days), Mehr before it, Azar after it.
 */

let app: AccountsApp;
let finance: string;
let moderator: string;
let giftPrice: number;
let giftVat: number;

/** The moment each step's ledger transfers are moved to (Tehran is UTC+03:30). */
const AT = {
  /** 00:00 on 1 Aban 1404 in Tehran, still 22 October in UTC: Aban's first day. */
  discountedSale: '2025-10-22T20:30:00Z',
  /** 18 Mehr 1404. */
  fullPriceSale: '2025-10-10T08:00:00Z',
  walletTopUp: '2025-11-01T08:00:00Z',
  giftCard: '2025-11-02T08:00:00Z',
  partialRefund: '2025-11-03T08:00:00Z',
  wholeRefund: '2025-11-04T08:00:00Z',
  secondDiscountedSale: '2025-11-05T08:00:00Z',
  dollarSale: '2025-11-06T08:00:00Z',
  /** 10 Azar 1404: after the month. */
  nextMonthSale: '2025-12-01T08:00:00Z',
} as const;

async function lastTransfer(): Promise<number> {
  const [row] = await app.ctx.database.db
    .select({ id: sql<number>`coalesce(max(${ledgerTransfers.id}), 0)::int` })
    .from(ledgerTransfers);
  return row!.id;
}

/** Runs a step and moves the transfers it wrote to `at`. */
async function at(moment: string, step: () => Promise<unknown>): Promise<void> {
  const before = await lastTransfer();
  await step();
  const after = await lastTransfer();
  expect(after).toBeGreaterThan(before);
  await app.ctx.database.db
    .update(ledgerTransfers)
    .set({ createdAt: new Date(moment) })
    .where(and(gt(ledgerTransfers.id, before), lte(ledgerTransfers.id, after)));
}

async function buyFilm(viewer: Viewer, film: number, extra: Record<string, string> = {}): Promise<number> {
  const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox', ...extra });
  await payAtBank(app, created);
  expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
  return created.payment.id;
}

function refund(id: number, amount: number, expected: number) {
  return app
    .as(finance, `/staff/payments/${id}/refund`, {
      method: 'POST',
      json: { amount, reason: 'the stream broke', expected_refunded: expected },
    })
    .then((res) => expect(res.status).toBe(200));
}

async function report(name: string, month: string, calendar = 'persian'): Promise<FinanceReport> {
  const res = await app.as(finance, `/staff/finance/reports/${name}?calendar=${calendar}&month=${month}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FinanceReport;
}

/** A table's rows as objects keyed by column id. */
function rows(report: FinanceReport, id: string): Record<string, string | number | null>[] {
  const table = report.tables.find((candidate) => candidate.id === id) as FinanceTable;
  expect(table, id).toBeDefined();
  return table.rows.map((row) =>
    Object.fromEntries(table.columns.map((column, i) => [column.id, row[i] ?? null])),
  );
}

async function accountSum(kind: 'sales' | 'discounts' | 'vat' | 'gifts' | 'wallet', currency: string) {
  const [row] = await app.ctx.database.db
    .select({
      net: sql<string>`coalesce(sum(${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted}), 0)::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.currency, currency as 'IRR')));
  return Number(row!.net);
}

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  finance = (await newStaffMember(app, 'finance')).token;
  moderator = (await newStaffMember(app, 'moderator')).token;
  const film = await pricedTitle(app);
  const [a, b, c, d, f, g, e] = await Promise.all(Array.from({ length: 7 }, () => newViewer(app)));
  let discounted = 0;
  let fullPrice = 0;
  await at(AT.discountedSale, async () => {
    discounted = await buyFilm(a!, film, { discount_code: DEMO_DISCOUNTS.open });
  });
  await at(AT.fullPriceSale, async () => {
    fullPrice = await buyFilm(b!, film);
  });
  await at(AT.walletTopUp, async () => {
    const created = await c!.buy({
      type: 'CHARGE_WALLET',
      amount: 1_000_000,
      gateway: 'sandbox',
      currency: 'IRR',
    });
    await payAtBank(app, created);
  });
  await at(AT.giftCard, async () => {
    const created = await d!.buy({
      type: 'BUY_GIFT',
      item_id: await packageId(app, 'monthly'),
      gateway: 'sandbox',
      currency: 'IRR',
      gift_to: '09390007788',
    });
    await payAtBank(app, created);
    const payment = await d!.payment(created.payment.id);
    giftPrice = payment.price;
    giftVat = payment.vat;
    await app.ctx.database.db
      .update(giftCodes)
      .set({ createdAt: new Date(AT.giftCard) })
      .where(eq(giftCodes.paymentId, created.payment.id));
  });
  await at(AT.partialRefund, () => refund(fullPrice, 100_000, 0));
  await at(AT.wholeRefund, () => refund(discounted, 607_200, 0));
  await at(AT.secondDiscountedSale, () => buyFilm(f!, film, { discount_code: DEMO_DISCOUNTS.open }));
  await at(AT.dollarSale, () => buyFilm(g!, film, { currency: 'USD' }));
  await at(AT.nextMonthSale, () => buyFilm(e!, film));
  await expectBooksBalanced(app);
});
afterAll(() => app.close());

describe('finance reports', () => {
  it('revenue of Aban 1404 by currency, day, product kind and month, as the ledger moved it', async () => {
    const revenue = await report('revenue', '1404-08');
    expect(revenue).toMatchObject({ from: '2025-10-23', to: '2025-11-21' });
    // Two films at 690,000 with 20 % off (138,000 each, VAT 55,200 each); the first one refunded whole
    // (552,000 from sales), the Mehr film refunded 100,000 of which 9,091 VAT; the gift card is VAT only.
    expect(rows(revenue, 'totals')).toEqual([
      {
        currency: 'IRR',
        gross: 1_380_000,
        discount: 276_000,
        refunded: 552_000 + 90_909,
        net: 1_380_000 - 276_000 - 642_909,
        vat: 110_400 + giftVat - 55_200 - 9_091,
      },
      { currency: 'USD', gross: 299, discount: 0, refunded: 0, net: 299, vat: 30 },
    ]);
    const days = rows(revenue, 'by_day');
    expect(days.filter((row) => row['currency'] === 'IRR')).toHaveLength(30);
    expect(days.find((row) => row['day'] === '2025-10-23' && row['currency'] === 'IRR')).toMatchObject({
      gross: 690_000,
      discount: 138_000,
      net: 552_000,
      vat: 55_200,
    });
    expect(rows(revenue, 'by_kind')).toContainEqual({
      payment_type: 'BUY_MOVIE',
      currency: 'IRR',
      gross: 1_380_000,
      discount: 276_000,
      refunded: 642_909,
      net: 461_091,
      vat: 110_400 - 64_291,
    });
    // The twelve months to Aban, the quiet ones as zero.
    const months = rows(revenue, 'by_month').filter((row) => row['currency'] === 'IRR');
    expect(months.map((row) => row['month'])).toEqual([
      '1403-09',
      '1403-10',
      '1403-11',
      '1403-12',
      '1404-01',
      '1404-02',
      '1404-03',
      '1404-04',
      '1404-05',
      '1404-06',
      '1404-07',
      '1404-08',
    ]);
    expect(months.filter((row) => row['gross'] !== 0).map((row) => row['month'])).toEqual([
      '1404-07',
      '1404-08',
    ]);
    expect(months[10]).toMatchObject({ gross: 690_000, net: 690_000, vat: 69_000 });
    expect(months[0]).toEqual({
      month: '1403-09',
      currency: 'IRR',
      gross: 0,
      discount: 0,
      refunded: 0,
      net: 0,
      vat: 0,
    });
  });

  it('the same books in a Gregorian month: October holds the Mehr sale and the first of Aban', async () => {
    const october = await report('revenue', '2025-10', 'gregorian');
    expect(october).toMatchObject({ from: '2025-10-01', to: '2025-10-31' });
    expect(rows(october, 'totals')).toEqual([
      { currency: 'IRR', gross: 1_380_000, discount: 138_000, refunded: 0, net: 1_242_000, vat: 124_200 },
    ]);
  });

  it('VAT per Solar Hijri month is what the VAT payable account moved', async () => {
    const vat = await report('vat', '1404-08');
    expect(rows(vat, 'totals')).toContainEqual({
      currency: 'IRR',
      collected: 110_400 + giftVat,
      given_back: 64_291,
      payable: 110_400 + giftVat - 64_291,
    });
    const later = await report('vat', '1404-09');
    const payable = rows(later, 'by_month')
      .filter((row) => row['currency'] === 'IRR')
      .reduce((sum, row) => sum + Number(row['payable']), 0);
    expect(payable).toBe(await accountSum('vat', 'IRR'));
  });

  it('net revenue over the year is the sales account less the discounts account', async () => {
    const year = await report('revenue', '1404-09');
    const net = rows(year, 'by_month')
      .filter((row) => row['currency'] === 'IRR')
      .reduce((sum, row) => sum + Number(row['net']), 0);
    expect(net).toBe((await accountSum('sales', 'IRR')) + (await accountSum('discounts', 'IRR')));
  });

  it('refunds and reversals of the month, per payment', async () => {
    const refunds = await report('refunds', '1404-08');
    expect(rows(refunds, 'totals')).toEqual([
      { category: 'refund_wallet', currency: 'IRR', payments: 2, amount: 707_200, vat: 64_291 },
    ]);
    expect(rows(refunds, 'lines').map((row) => [row['day'], row['amount']])).toEqual([
      ['2025-11-03', 100_000],
      ['2025-11-04', 607_200],
    ]);
    expect(rows(await report('refunds', '1404-07'), 'lines')).toEqual([]);
  });

  it('wallets and unredeemed gift cards owed at the end of the month', async () => {
    const owed = await report('liabilities', '1404-08');
    expect(rows(owed, 'wallets')).toContainEqual({ currency: 'IRR', wallets: 3, balance: 1_707_200 });
    expect(rows(owed, 'gift_cards')).toContainEqual({ currency: 'IRR', cards: 1, balance: giftPrice });
    expect(rows(await report('liabilities', '1404-07'), 'wallets')).toContainEqual({
      currency: 'IRR',
      wallets: 0,
      balance: 0,
    });
    expect(rows(await report('liabilities', '1404-09'), 'wallets')).toContainEqual({
      currency: 'IRR',
      wallets: 3,
      balance: await accountSum('wallet', 'IRR'),
    });
  });

  it('discount cost per code: what was given, less what a whole refund took back', async () => {
    const discounts = await report('discounts', '1404-08');
    expect(rows(discounts, 'by_code')).toEqual([
      {
        code: DEMO_DISCOUNTS.open,
        currency: 'IRR',
        uses: 2,
        given: 276_000,
        taken_back: 138_000,
        cost: 138_000,
      },
    ]);
  });

  it('CSV in UTF-8 with a byte order mark and Persian text, .xlsx with numbers as numbers', async () => {
    const csvRes = await app.as(
      finance,
      '/staff/finance/reports/revenue/export?calendar=persian&month=1404-08&format=csv',
      {
        headers: { 'accept-language': 'fa' },
      },
    );
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    expect(csvRes.headers.get('content-disposition')).toContain('revenue-sh1404-08.csv');
    const bytes = new Uint8Array(await csvRes.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('درآمد: آبان ۱۴۰۴');
    expect(text).toContain('۱ آبان ۱۴۰۴,ریال,690000,138000,0,552000,55200');

    const xlsxRes = await app.as(
      finance,
      '/staff/finance/reports/revenue/export?calendar=persian&month=1404-08&format=xlsx',
      {
        headers: { 'accept-language': 'fa' },
      },
    );
    expect(xlsxRes.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxRes.arrayBuffer());
    const totals = workbook.worksheets[0]!;
    expect(totals.views[0]?.rightToLeft).toBe(true);
    expect(totals.getRow(2).getCell(5).value).toBe('درآمد خالص (ریال یا دلار)');
    expect(totals.getRow(3).getCell(1).value).toBe('ریال');
    expect(totals.getRow(3).getCell(5).value).toBe(461_091);
    expect(totals.getRow(4).getCell(5).value).toBe(2.99);
  });

  it('is refused to a moderator, and to finance for a month that is no month', async () => {
    const res = await app.as(moderator, '/staff/finance/reports/revenue?calendar=persian&month=1404-08');
    expect(res.status).toBe(403);
    expect(await res.json()).toHaveProperty('message');
    const file = await app.as(
      moderator,
      '/staff/finance/reports/vat/export?calendar=persian&month=1404-08&format=csv',
    );
    expect(file.status).toBe(403);
    expect(
      (await app.as(finance, '/staff/finance/reports/revenue?calendar=persian&month=1404-13')).status,
    ).toBe(422);
    expect(
      (await app.as(finance, '/staff/finance/reports/revenue?calendar=persian&month=2025-01')).status,
    ).toBe(422);
    expect(
      (await app.as(finance, '/staff/finance/reports/payroll?calendar=persian&month=1404-08')).status,
    ).toBe(422);
  });
});
