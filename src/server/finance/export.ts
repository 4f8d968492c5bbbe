import ExcelJS from 'exceljs';
import { monthLabel } from '../../lib/finance-months';
import { cellText, currencyColumn, fileAmount } from '../../lib/finance-table';
import type { Locale } from '../../lib/locale';
import { t } from '../../i18n';
import type { Currency } from '../../shared/commerce-constants';
import type { ExportFormat, FinanceReport, FinanceTable } from '../../shared/finance';

/**
 * A finance report as a file (issue 27): every table of the report with its title, headers in the
 * staff member's language, days and months as they read them (Solar Hijri in Persian), and amounts as
 * plain numbers (rials, dollars) that a spreadsheet can add up.
 */

export interface ReportFile {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
}

type Cell = string | number;

interface Sheet {
  title: string;
  header: string[];
  rows: Cell[][];
  /** Which columns hold money, for the spreadsheet's number format. */
  money: boolean[];
  currencies: (Currency | null)[];
}

function sheetOf(report: FinanceReport, table: FinanceTable, locale: Locale): Sheet {
  const tr = (key: string) => t(locale, key);
  const unit = tr('finance.fileUnit');
  const currencyAt = currencyColumn(table.columns);
  const money = table.columns.map((column) => column.kind === 'money');
  const currencies: (Currency | null)[] = [];
  const rows = table.rows.map((row) => {
    const currency = currencyAt < 0 ? null : (row[currencyAt] as Currency);
    currencies.push(currency);
    return table.columns.map((column, index): Cell => {
      const value = row[index] ?? null;
      if (column.kind === 'money' && currency) return fileAmount(Number(value), currency);
      if ((column.kind === 'count' || column.kind === 'payment') && value !== null) return Number(value);
      return cellText(column.kind, value, report, locale, tr);
    });
  });
  return {
    title: tr(`finance.tables.${report.report}.${table.id}`),
    header: table.columns.map((column) =>
      column.kind === 'money'
        ? `${tr(`finance.columns.${column.id}`)} (${unit})`
        : tr(`finance.columns.${column.id}`),
    ),
    rows,
    money,
    currencies,
  };
}

/** The heading line of a file: the report and its month. */
function heading(report: FinanceReport, locale: Locale): string {
  return `${t(locale, `finance.reports.${report.report}`)}: ${monthLabel(report.calendar, report.month, locale)}`;
}

function csvField(cell: Cell): string {
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV with a byte order mark, which Excel needs to read UTF-8 (Persian) instead of the system's code
 * page; tables follow each other, each under its title, with an empty line between.
 */
function csv(report: FinanceReport, sheets: Sheet[], locale: Locale): string {
  const lines = [csvField(heading(report, locale)), ''];
  for (const sheet of sheets) {
    lines.push(csvField(sheet.title), sheet.header.map(csvField).join(','));
    for (const row of sheet.rows) lines.push(row.map(csvField).join(','));
    lines.push('');
  }
  return `\uFEFF${lines.join('\r\n')}`;
}

/** A sheet's name: at most 31 characters, none of Excel's forbidden ones, unique in the workbook. */
function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 28);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
  taken.add(name);
  return name;
}

async function xlsx(
  report: FinanceReport,
  sheets: Sheet[],
  locale: Locale,
): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = t(locale, 'brand');
  const taken = new Set<string>();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.title, taken), {
      views: [{ rightToLeft: locale === 'fa', state: 'frozen', ySplit: 2 }],
    });
    worksheet.addRow([heading(report, locale)]).font = { bold: true };
    worksheet.addRow(sheet.header).font = { bold: true };
    sheet.rows.forEach((row, index) => {
      const added = worksheet.addRow(row);
      sheet.money.forEach((isMoney, column) => {
        if (isMoney)
          added.getCell(column + 1).numFmt = sheet.currencies[index] === 'USD' ? '#,##0.00' : '#,##0';
      });
    });
    worksheet.columns.forEach((column, index) => {
      const widest = Math.max(
        ...[sheet.header[index] ?? '', ...sheet.rows.map((row) => row[index] ?? '')].map(
          (cell) => String(cell).length,
        ),
      );
      column.width = Math.min(40, Math.max(10, widest + 2));
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The report as a CSV or .xlsx file, named after the report and its month. */
export async function reportFile(
  report: FinanceReport,
  format: ExportFormat,
  locale: Locale,
): Promise<ReportFile> {
  const sheets = report.tables.map((table) => sheetOf(report, table, locale));
  const fileName = `${report.report}-${report.calendar === 'persian' ? 'sh' : 'g'}${report.month}.${format}`;
  if (format === 'csv') {
    return {
      body: new TextEncoder().encode(csv(report, sheets, locale)),
      contentType: 'text/csv; charset=utf-8',
      fileName,
    };
  }
  return {
    body: await xlsx(report, sheets, locale),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
  };
}
