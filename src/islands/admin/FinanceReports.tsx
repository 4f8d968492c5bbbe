import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemOf } from '~/lib/api';
import { calendarOf, monthName, monthOf, type Calendar } from '~/lib/finance-months';
import { cellText, currencyColumn } from '~/lib/finance-table';
import { formatDate, localDigits } from '~/lib/format';
import { iranDay } from '~/lib/iran-day';
import { localPath, type Locale } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import type { Currency } from '~/shared/commerce-constants';
import {
  financeReports,
  type ExportFormat,
  type FinanceReport,
  type FinanceReportName,
  type FinanceTable,
} from '~/shared/finance';
import { browserApi } from '~/islands/shared/api';
import { AdminIsland } from './AdminIsland';
import { formatDay, SelectField } from './AdminMoneyParts';
import { ViewSwitch } from './AdminParts';
import { FinanceChart, type ChartBar } from './FinanceChart';
import type { Api } from './PaymentAction';
import { useStaffList } from './useStaffList';

/**
 * The finance console (issue 27): a month of the books (a Solar Hijri month in Persian, a Gregorian one
 * in English), one report at a time, each table with its chart where bars read better, and the
 * report as CSV or .xlsx. The figures come from /staff/finance, which only finance and admin may read.
 */

const YEARS_BACK = 6;

function MonthPicker({
  calendar,
  month,
  onMonth,
  locale,
}: {
  calendar: Calendar;
  month: string;
  onMonth: (month: string) => void;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const id = useId();
  const thisYear = Number(monthOf(calendar, iranDay(new Date())).slice(0, 4));
  const [year, number] = month.split('-') as [string, string];
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, back) => String(thisYear - back));
  const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        id={`${id}-month`}
        label={t('finance.month')}
        value={number}
        onValue={(value) => onMonth(`${year}-${value}`)}
        options={months.map((value) => ({
          value,
          label: monthName(calendar, `${year}-${value}`, locale),
        }))}
      />
      <SelectField
        id={`${id}-year`}
        label={t('finance.year')}
        value={year}
        onValue={(value) => onMonth(`${value}-${number}`)}
        options={years.map((value) => ({ value, label: localDigits(value, locale) }))}
      />
    </div>
  );
}

/** The short label of a chart's bar: a day's or a month's number, or the cell as the table reads it. */
function barLabel(
  kind: FinanceTable['columns'][number]['kind'],
  value: string,
  locale: Locale,
  text: string,
): string {
  // The day of the month in the report's calendar, in the page's digits.
  if (kind === 'day') return formatDate(`${value}T00:00:00Z`, locale, { day: 'numeric', timeZone: 'UTC' });
  if (kind === 'month' || kind === 'solar_month') return localDigits(Number(value.slice(5)), locale);
  return text;
}

function TableView({
  report,
  table,
  locale,
}: {
  report: FinanceReport;
  table: FinanceTable;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const id = useId();
  const title = t(`finance.tables.${report.report}.${table.id}`);
  const currencyAt = currencyColumn(table.columns);
  const text = (index: number, value: string | number | null) =>
    cellText(table.columns[index]!.kind, value, report, locale, t);
  const cell = (row: FinanceTable['rows'][number], index: number) => {
    const column = table.columns[index]!;
    const value = row[index] ?? null;
    if (column.kind === 'money') return formatMoney(Number(value), row[currencyAt] as Currency, locale);
    if (column.kind === 'payment') {
      return (
        <a href={`${localPath('/admin/payments', locale)}?payment=${String(value)}`} className="underline">
          {localDigits(String(value), locale)}
        </a>
      );
    }
    return text(index, value);
  };
  const charts = useMemo(() => {
    if (!table.chart) return [];
    const labelAt = table.columns.findIndex((column) => column.id === table.chart!.label);
    const valueAt = table.columns.findIndex((column) => column.id === table.chart!.value);
    const currencies = [...new Set(table.rows.map((row) => row[currencyAt] as Currency))];
    return currencies.map((currency) => ({
      currency,
      bars: table.rows
        .filter((row) => row[currencyAt] === currency)
        .map((row): ChartBar => ({
          label: barLabel(
            table.columns[labelAt]!.kind,
            String(row[labelAt]),
            locale,
            text(labelAt, row[labelAt] ?? null),
          ),
          title: `${text(labelAt, row[labelAt] ?? null)}: ${formatMoney(Number(row[valueAt]), currency, locale)}`,
          value: Number(row[valueAt]),
        })),
    }));
    // text() reads only what the dependencies name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, report, locale]);
  const layout = table.columns.find((column) => column.id === table.chart?.label)?.kind;
  // A day or month that moved nothing is a zero bar in the chart; the table lists only those that moved.
  const timeline = layout === 'day' || layout === 'month' || layout === 'solar_month';
  const moved = (row: FinanceTable['rows'][number]) =>
    table.columns.some((column, index) => column.kind === 'money' && Number(row[index]) !== 0);
  const listed = timeline ? table.rows.filter(moved) : table.rows;
  return (
    // Not a landmark itself: the scrolling table below is the region its heading names.
    <div className="flex flex-col gap-3" data-finance-table={table.id}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h3>
      {table.rows.length === 0 ? (
        <p className="text-ink-muted">{t('finance.none')}</p>
      ) : (
        <>
          {charts.map((chart) => (
            <FinanceChart
              key={chart.currency}
              bars={chart.bars}
              layout={timeline ? 'columns' : 'rows'}
              name={t('finance.chart', { table: title, currency: t(`finance.currencies.${chart.currency}`) })}
              rtl={locale === 'fa'}
            />
          ))}
          {listed.length < table.rows.length && (
            <p className="text-sm text-ink-muted">{t('finance.quietLeftOut')}</p>
          )}
          <div
            role="region"
            aria-labelledby={`${id}-title`}
            tabIndex={0}
            className="max-w-full overflow-x-auto rounded-lg border border-line focus-visible:outline-3 focus-visible:outline-accent"
          >
            <table className="w-full text-sm">
              <thead className="bg-surface-raised">
                <tr>
                  {table.columns.map((column) => (
                    <th key={column.id} scope="col" className="px-3 py-2 text-start whitespace-nowrap">
                      {t(`finance.columns.${column.id}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {listed.map((row, rowIndex) => (
                  <tr key={rowIndex} className="border-t border-line">
                    {table.columns.map((column, index) => (
                      <td
                        key={column.id}
                        className={`px-3 py-2 whitespace-nowrap ${column.kind === 'money' || column.kind === 'count' ? 'text-end tabular-nums' : ''}`}
                      >
                        {cell(row, index)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** Fetches the report as a file with the staff member's token and hands it to the browser. */
async function download(api: Api, path: string, fallbackName: string): Promise<void> {
  const response = await api.raw<Blob, 'blob'>(path, { responseType: 'blob' });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(response._data!);
  const link = document.createElement('a');
  link.href = url;
  link.download = named?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function FinanceConsole({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const calendar = calendarOf[locale];
  const [name, setName] = useState<FinanceReportName>('revenue');
  const [month, setMonth] = useState(() => monthOf(calendar, iranDay(new Date())));
  const query = new URLSearchParams({ calendar, month }).toString();
  const [loaded] = useStaffList<FinanceReport>(api, `/staff/finance/reports/${name}?${query}`);
  // The last report stays loaded until the next one arrives; only the one asked for is shown.
  const report = loaded?.report === name && loaded.month === month ? loaded : null;

  const save = (format: ExportFormat) =>
    download(
      api,
      `/staff/finance/reports/${name}/export?${query}&format=${format}`,
      `${name}-${month}.${format}`,
    ).catch((error: unknown) => toast.error(problemOf(error, locale)));

  return (
    <div className="flex flex-col gap-6" data-finance-reports>
      <p className="text-ink-muted">{t('finance.intro')}</p>
      <MonthPicker calendar={calendar} month={month} onMonth={setMonth} locale={locale} />
      <ViewSwitch
        label={t('finance.reportsLabel')}
        options={financeReports.map((value) => ({ value, label: t(`finance.reports.${value}`) }))}
        value={name}
        onChange={setName}
      />
      <section aria-labelledby="finance-report-title" className="flex flex-col gap-4" aria-busy={!report}>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="finance-report-title" className="text-xl font-bold">
            {t(`finance.reports.${name}`)}
          </h2>
          {report && (
            <p className="text-sm text-ink-muted" data-finance-period>
              {t('finance.period', {
                from: formatDay(report.from, locale),
                to: formatDay(report.to, locale),
              })}
            </p>
          )}
        </div>
        {name === 'liabilities' && <p className="text-sm text-ink-muted">{t('finance.asAt')}</p>}
        <div className="flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <button key={format} type="button" className="button-secondary" onClick={() => void save(format)}>
              {t(`finance.download.${format}`)}
            </button>
          ))}
        </div>
        {report ? (
          report.tables.map((table) => (
            <TableView key={`${report.report}-${table.id}`} report={report} table={table} locale={locale} />
          ))
        ) : (
          <p role="status">{t('finance.loading')}</p>
        )}
      </section>
    </div>
  );
}

/** /admin/finance: finance's reports (finance and admin). */
export default function FinanceReports({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="finance">
      {() => <FinanceConsole locale={locale} />}
    </AdminIsland>
  );
}
