import type { Currency } from '~/shared/commerce-constants';
import type { ColumnKind, FinanceReport } from '~/shared/finance';
import { dayLabel, monthLabel } from './finance-months';
import { localDigits } from './format';
import type { Locale } from './locale';
import { minorPerUnit } from './money-format';

/**
 * How a finance report's cells read (issue 27), for the console's tables and the CSV and .xlsx files
 * alike, so a figure on screen and in a file are written from one rule. `t` is the caller's
 * translator (the page's i18next or the server's), over the keys of the `finance` and `commerce`
 * namespaces.
 */
export type Translate = (key: string) => string;

/** A cell that is not money as its language writes it: Solar Hijri days and Persian digits in Persian. */
export function cellText(
  kind: ColumnKind,
  value: string | number | null,
  report: Pick<FinanceReport, 'calendar'>,
  locale: Locale,
  t: Translate,
): string {
  if (value === null) return '';
  const text = String(value);
  switch (kind) {
    case 'day':
      return dayLabel(text, locale);
    case 'month':
      return monthLabel(report.calendar, text, locale);
    case 'solar_month':
      return monthLabel('persian', text, locale);
    case 'payment_type':
      return t(`commerce.types.${text}`);
    case 'category':
      return t(`finance.categories.${text}`);
    case 'currency':
      return t(`finance.currencies.${text}`);
    case 'text':
      return text;
    default:
      return localDigits(text, locale);
  }
}

/**
 * A money cell as a number in the files: rials (the unit a tax return is filed in) and dollars, so a
 * spreadsheet adds them up; the console writes toman and dollars (formatAmount).
 */
export function fileAmount(amount: number, currency: Currency): number {
  return currency === 'IRR' ? amount : amount / minorPerUnit.USD;
}

/** The index of the row's currency cell (every table with money has one). */
export function currencyColumn(columns: { kind: ColumnKind }[]): number {
  return columns.findIndex((column) => column.kind === 'currency');
}
