import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { calendarOf, monthDays, monthLabel, monthOf, monthsEnding } from '~/lib/finance-months';
import { fileAmount } from '~/lib/finance-table';
import { iranDay } from '~/lib/iran-day';
import type { Currency } from '~/shared/commerce';
import { financeReports, type FinanceReport } from '~/shared/finance';
import { paidSubscription } from './commerce-helpers';
import { consolePage, staffMemberToken } from './staff-helpers';

/**
 * The finance console (issue 27) in both languages, Persian on a 360 px phone: finance picks a month
 * (Solar Hijri in Persian, Gregorian in English), opens each report, downloads it as CSV and .xlsx, and
 * both files hold the figures the books give (the API's report, read from the ledger around the
 * download); a moderator is refused.
 */

const texts = {
  fa: {
    path: '/admin/finance',
    month: 'ماه',
    year: 'سال',
    reports: {
      revenue: 'درآمد',
      vat: 'مالیات بر ارزش افزوده',
      refunds: 'بازپرداخت‌ها و برگشت‌ها',
      liabilities: 'کیف پول‌ها و کارت‌های هدیه',
      discounts: 'کدهای تخفیف',
    },
    csv: 'دریافت CSV',
    xlsx: 'دریافت اکسل (xlsx)',
    notAllowed: 'اجازه',
  },
  en: {
    path: '/en/admin/finance',
    month: 'Month',
    year: 'Year',
    reports: {
      revenue: 'Revenue',
      vat: 'VAT',
      refunds: 'Refunds and reversals',
      liabilities: 'Wallets and gift cards',
      discounts: 'Discount codes',
    },
    csv: 'Download CSV',
    xlsx: 'Download Excel (.xlsx)',
    notAllowed: 'not allowed',
  },
} as const;

/** Fields of one CSV line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

/** The numbers each row of a report's first table should carry in a file: money in rials or dollars. */
function expectedNumbers(report: FinanceReport): number[][] {
  const table = report.tables[0]!;
  const currencyAt = table.columns.findIndex((column) => column.kind === 'currency');
  return table.rows.map((row) =>
    table.columns.flatMap((column, index) =>
      column.kind === 'money'
        ? [fileAmount(Number(row[index]), row[currencyAt] as Currency)]
        : column.kind === 'count' || column.kind === 'payment'
          ? [Number(row[index])]
          : [],
    ),
  );
}

async function saved(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];
  test(`${locale}: finance opens each report of a chosen month and downloads it as CSV and .xlsx`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await paidSubscription(request);
    const page = await consolePage(browser, request, locale, 'finance');
    const token = await staffMemberToken(request, 'finance');
    const calendar = calendarOf[locale];
    const month = monthOf(calendar, iranDay(new Date()));
    const [previous] = monthsEnding(month, 2);
    const days = monthDays(calendar, month);

    await page.goto(l.path);
    await expect(page.getByRole('heading', { name: l.reports.revenue, level: 2 })).toBeVisible();
    // The picker opens on this month; pick last month, then this month again.
    await page.getByLabel(l.month, { exact: true }).selectOption(previous!.slice(5));
    if (previous!.slice(0, 4) !== month.slice(0, 4)) {
      await page.getByLabel(l.year, { exact: true }).selectOption(previous!.slice(0, 4));
    }
    await expect(page.locator('[data-finance-period]')).toContainText(
      monthLabel(calendar, previous!, locale).split(' ')[0]!,
    );
    await page.getByLabel(l.year, { exact: true }).selectOption(month.slice(0, 4));
    await page.getByLabel(l.month, { exact: true }).selectOption(month.slice(5));
    await expect(page.locator('[data-finance-period]')).toContainText(
      monthLabel(calendar, month, locale).split(' ')[0]!,
    );

    for (const name of financeReports) {
      await page.getByRole('button', { name: l.reports[name], exact: true }).click();
      await expect(page.getByRole('heading', { name: l.reports[name], level: 2 })).toBeVisible();
      await expect(page.locator('[data-finance-table]').first()).toBeVisible();
      if (name === 'revenue') {
        await expect(
          page.locator('[data-finance-table="by_day"] [data-finance-chart]').first(),
        ).toBeVisible();
      }
      // Labels, the charts' names, the scrolling tables, contrast: axe-core finds nothing to fix.
      const axe = await new AxeBuilder({ page }).include('[data-finance-reports]').analyze();
      expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);

      // The books may move while the files are made (other tests buy too): compare with a report read
      // before and after that agree.
      const query = `calendar=${calendar}&month=${month}`;
      const read = async () =>
        (await (
          await request.get(`/api/v1/staff/finance/reports/${name}?${query}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as FinanceReport;
      let books: FinanceReport | null = null;
      let csv = '';
      let workbook = new ExcelJS.Workbook();
      for (let attempt = 0; attempt < 3 && !books; attempt++) {
        const before = await read();
        const csvFile = await saved(page, l.csv);
        const xlsxFile = await saved(page, l.xlsx);
        const after = await read();
        expect(csvFile.name).toBe(`${name}-${calendar === 'persian' ? 'sh' : 'g'}${month}.csv`);
        expect(xlsxFile.name).toBe(`${name}-${calendar === 'persian' ? 'sh' : 'g'}${month}.xlsx`);
        expect([...csvFile.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        csv = csvFile.bytes.toString('utf8').slice(1);
        workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(new Uint8Array(xlsxFile.bytes).buffer);
        if (JSON.stringify(before) === JSON.stringify(after)) books = after;
      }
      expect(books, 'the books stood still for one download').not.toBeNull();
      expect(books).toMatchObject({ from: days.from, to: days.to });
      const expected = expectedNumbers(books!);

      // CSV: the heading names the report and the month as the language writes it, then the first
      // table's title, its header and its rows.
      const lines = csv.split('\r\n');
      expect(lines[0]).toContain(monthLabel(calendar, month, locale));
      const first = lines.slice(4, 4 + expected.length).map(csvFields);
      expect(
        first.map((fields) => fields.filter((field) => /^-?\d+(\.\d+)?$/.test(field)).map(Number)),
      ).toEqual(expected);
      if (locale === 'fa') expect(csv).toMatch(/[\u0600-\u06ff]/);

      // .xlsx: the same rows as numbers, under the heading and the header row.
      const sheet = workbook.worksheets[0]!;
      expect(String(sheet.getRow(1).getCell(1).value)).toContain(monthLabel(calendar, month, locale));
      const numbers = expected.map((_, index) =>
        (sheet.getRow(index + 3).values as unknown[]).filter(
          (value): value is number => typeof value === 'number',
        ),
      );
      expect(numbers).toEqual(expected);
      expect(sheet.views[0]?.rightToLeft ?? false).toBe(locale === 'fa');
    }

    // This month's revenue holds the subscription just bought.
    const revenue = (await (
      await request.get(`/api/v1/staff/finance/reports/revenue?calendar=${calendar}&month=${month}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as FinanceReport;
    const irr = revenue.tables[0]!.rows.find((row) => row[0] === 'IRR');
    expect(Number(irr?.[1])).toBeGreaterThan(0);
    await page.context().close();
  });

  test(`${locale}: a moderator is refused the finance console`, async ({ browser, request }) => {
    const page = await consolePage(browser, request, locale, 'moderator');
    await page.goto(l.path);
    await expect(page.getByRole('status').filter({ hasText: l.notAllowed })).toBeVisible();
    await expect(page.locator('[data-finance-reports]')).toHaveCount(0);
    const token = await staffMemberToken(request, 'moderator');
    const refused = await request.get(
      '/api/v1/staff/finance/reports/revenue?calendar=persian&month=1405-09',
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(refused.status()).toBe(403);
    await page.context().close();
  });
}
