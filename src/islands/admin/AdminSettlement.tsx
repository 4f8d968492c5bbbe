import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, problemOf } from '~/lib/api';
import { formatDate, localDigits, longDateTime } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import { recentSolarMonths, solarMonthDays } from '~/lib/solar-month';
import { gatewayTypes, type GatewayType } from '~/shared/commerce-constants';
import {
  statementFormats,
  statementHeader,
  type SettlementOverview,
  type SettlementRun,
} from '~/shared/settlement';
import { Money } from '~/islands/purchase/Money';
import { browserApi } from '~/islands/shared/api';
import { AdminIsland } from './AdminIsland';
import { controlClass, formatDay, iranToday, SelectField } from './AdminMoneyParts';

/** A Solar Hijri month in the page's language: «آذر ۱۴۰۵», "Azar 1405". */
function monthLabel(month: string, locale: Locale): string {
  const { from } = solarMonthDays(month);
  const format = new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR-u-ca-persian' : 'en-US-u-ca-persian', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return format.format(new Date(`${from}T12:00:00Z`)).replace(/\s*AP$/, '');
}

function periodLabel(run: Pick<SettlementRun, 'from' | 'to' | 'month'>, locale: Locale): string {
  return run.month ? monthLabel(run.month, locale) : formatDay(run.from, locale);
}

/** One comparison: what each side holds, and each difference with its payment. */
function Result({ run, locale }: { run: SettlementRun; locale: Locale }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [run.id]);
  const gateway = t(`adminMoney.gateways.${run.gateway}`);
  const totals = (lines: SettlementRun['recorded']) =>
    lines.length === 0 ? (
      <span>{t('adminMoney.settlement.nothing')}</span>
    ) : (
      lines.map((line) => (
        <span key={line.currency} className="block">
          <Money amount={line.amount} currency={line.currency} locale={locale} /> ·{' '}
          {localDigits(line.count, locale)}
        </span>
      ))
    );
  return (
    <section
      aria-labelledby={`settlement-run-${run.id}`}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
      data-settlement-run={run.id}
    >
      <h2 id={`settlement-run-${run.id}`} ref={heading} tabIndex={-1} className="text-xl font-bold">
        {t('adminMoney.settlement.resultTitle', { gateway, period: periodLabel(run, locale) })}
      </h2>
      <p className="text-ink-muted">
        {run.source === 'inquiry'
          ? t('adminMoney.settlement.fromInquiry')
          : t('adminMoney.settlement.fromStatement', { file: run.file_name ?? '' })}
        {' · '}
        {t('adminMoney.settlement.ranBy', {
          at: formatDate(run.created_at, locale, longDateTime),
          name: run.by ?? '',
        })}
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">{t('adminMoney.settlement.recorded')}</dt>
          <dd className="font-bold" data-recorded>
            {totals(run.recorded)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('adminMoney.settlement.settled')}</dt>
          <dd className="font-bold" data-settled>
            {totals(run.settled)}
          </dd>
        </div>
      </dl>
      <p data-matched={run.matched}>
        {t('adminMoney.settlement.matched', { number: localDigits(run.matched, locale) })}
      </p>
      {run.differences.length === 0 ? (
        <p role="status">{t('adminMoney.settlement.noDifferences')}</p>
      ) : (
        <>
          <h3 className="text-lg font-bold">
            {t('adminMoney.settlement.differencesTitle', {
              number: localDigits(run.differences.length, locale),
            })}
          </h3>
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
            {run.differences.map((difference, index) => (
              <li
                key={`${difference.kind}-${difference.reference}-${index}`}
                className="flex flex-col gap-1 p-3"
                data-difference={difference.kind}
                data-payment-id={difference.payment_id ?? undefined}
              >
                <span className="font-bold">{t(`adminMoney.settlement.kinds.${difference.kind}`)}</span>
                {difference.payment_id !== null ? (
                  <a
                    href={localPath(`/admin/payments?payment=${difference.payment_id}`, locale)}
                    className="self-start underline"
                  >
                    {t('adminMoney.settlement.payment', { id: localDigits(difference.payment_id, locale) })}
                  </a>
                ) : (
                  <span className="text-ink-muted">{t('adminMoney.settlement.noPayment')}</span>
                )}
                <span className="break-all">
                  {t('adminMoney.settlement.reference')}:{' '}
                  <bdi dir="ltr" translate="no">
                    {difference.reference}
                  </bdi>
                </span>
                <span>
                  {t('adminMoney.settlement.ours')}:{' '}
                  {difference.ours === null ? (
                    t('adminMoney.settlement.nothing')
                  ) : (
                    <Money amount={difference.ours} currency={difference.currency} locale={locale} />
                  )}
                  {' · '}
                  {t('adminMoney.settlement.theirs')}:{' '}
                  {difference.theirs === null ? (
                    t('adminMoney.settlement.nothing')
                  ) : (
                    <Money amount={difference.theirs} currency={difference.currency} locale={locale} />
                  )}
                </span>
                {difference.line !== null && (
                  <span>
                    {t('adminMoney.settlement.line')}: {localDigits(difference.line, locale)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SettlementSection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const api = useMemo(() => browserApi(locale), [locale]);
  const quietApi = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const today = useMemo(() => iranToday(), []);
  const months = useMemo(() => recentSolarMonths(today, 12), [today]);
  const [overview, setOverview] = useState<SettlementOverview | null>(null);
  const [gateway, setGateway] = useState<GatewayType | ''>('');
  const [mode, setMode] = useState<'day' | 'month'>('day');
  const [day, setDay] = useState(today);
  const [month, setMonth] = useState(months[0]!);
  const [run, setRun] = useState<SettlementRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [faults, setFaults] = useState<string[]>([]);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    api<SettlementOverview>('/staff/settlement').then(setOverview, () => undefined);
  }, [api, run]);

  const chosen: GatewayType = gateway || overview?.gateways[0]?.gateway || 'sandbox';
  const hasInquiry = !!overview?.gateways.find((entry) => entry.gateway === chosen)?.inquiry;
  const period = mode === 'day' ? { day } : { month };
  const format = statementFormats[chosen];
  // The header line is CSV, commas and all: it sits in <code> inside the sentence, not in its words.
  const columnsText = t('adminMoney.settlement.columns', { columns: '\u0000' }).split('\u0000');

  /** Runs a comparison; a statement's faults are listed beside its file, the rest toasted by the client. */
  async function compare(call: () => Promise<SettlementRun>, statement: boolean) {
    setBusy(true);
    setFaults([]);
    try {
      setRun(await call());
    } catch (error) {
      if (!statement) return;
      const messages = fieldErrorsOf(error)['file'];
      setFaults(messages?.length ? messages : [problemOf(error, locale)]);
    } finally {
      setBusy(false);
    }
  }

  function upload(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = file.current?.files?.[0];
    if (!picked) {
      setFaults([t('adminMoney.settlement.chooseFile')]);
      file.current?.focus();
      return;
    }
    const form = new FormData();
    form.set('gateway', chosen);
    for (const [key, value] of Object.entries(period)) form.set(key, value);
    form.set('file', picked);
    void compare(
      () => quietApi<SettlementRun>('/staff/settlement/statements', { method: 'POST', body: form }),
      true,
    );
  }

  return (
    <div className="flex flex-col gap-8" data-admin-settlement>
      <p>{t('adminMoney.settlement.intro')}</p>
      <div className="flex flex-col gap-4 rounded-2xl border border-line p-4">
        <SelectField
          id={`${id}-gateway`}
          label={t('adminMoney.settlement.gateway')}
          value={chosen}
          onValue={(value) => setGateway(value as GatewayType)}
          options={gatewayTypes.map((type) => ({ value: type, label: t(`adminMoney.gateways.${type}`) }))}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-bold">{t('adminMoney.settlement.period')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['day', 'month'] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="size-6 shrink-0"
                />
                {t(value === 'day' ? 'adminMoney.settlement.byDay' : 'adminMoney.settlement.byMonth')}
              </label>
            ))}
          </div>
          {mode === 'day' ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-day`} className="font-bold">
                {t('adminMoney.settlement.day')}
              </label>
              <input
                id={`${id}-day`}
                type="date"
                value={day}
                max={today}
                required
                onChange={(event) => setDay(event.target.value)}
                className={controlClass}
              />
              <span className="text-ink-muted">{day && formatDay(day, locale)}</span>
            </div>
          ) : (
            <SelectField
              id={`${id}-month`}
              label={t('adminMoney.settlement.month')}
              value={month}
              onValue={setMonth}
              options={months.map((value) => ({ value, label: monthLabel(value, locale) }))}
            />
          )}
        </fieldset>
      </div>

      <section aria-labelledby={`${id}-inquiry`} className="flex flex-col gap-3">
        <h2 id={`${id}-inquiry`} className="text-xl font-bold">
          {t('adminMoney.settlement.inquiryTitle')}
        </h2>
        {hasInquiry ? (
          <button
            type="button"
            className="button-primary self-start"
            disabled={busy}
            onClick={() =>
              void compare(
                () =>
                  api<SettlementRun>('/staff/settlement/inquiry', {
                    method: 'POST',
                    body: { gateway: chosen, ...period },
                  }),
                false,
              )
            }
          >
            {busy ? t('adminMoney.settlement.working') : t('adminMoney.settlement.inquiry')}
          </button>
        ) : (
          <p className="text-ink-muted">{t('adminMoney.settlement.noInquiry')}</p>
        )}
      </section>

      <form
        aria-labelledby={`${id}-statement`}
        className="flex flex-col gap-3 rounded-2xl border border-line p-4"
        onSubmit={upload}
        noValidate
      >
        <h2 id={`${id}-statement`} className="text-xl font-bold">
          {t('adminMoney.settlement.statementTitle')}
        </h2>
        <p id={`${id}-columns`} className="text-ink-muted">
          {columnsText[0]}
          <code dir="ltr" className="break-all">
            {statementHeader(chosen).join(',')}
          </code>
          {columnsText[1]}{' '}
          {format.amountUnit === 'rial'
            ? t('adminMoney.settlement.amountRial')
            : t('adminMoney.settlement.amountDecimal')}
        </p>
        <label htmlFor={`${id}-file`} className="font-bold">
          {t('adminMoney.settlement.file')}
        </label>
        <input
          id={`${id}-file`}
          ref={file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-columns${faults.length ? ` ${id}-faults` : ''}`}
          aria-invalid={faults.length > 0 || undefined}
          className={controlClass}
        />
        {faults.length > 0 && (
          <ul id={`${id}-faults`} role="alert" className="flex flex-col gap-1 text-accent" data-faults>
            {faults.map((fault) => (
              <li key={fault}>{fault}</li>
            ))}
          </ul>
        )}
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {busy ? t('adminMoney.settlement.working') : t('adminMoney.settlement.upload')}
        </button>
      </form>

      {run && <Result run={run} locale={locale} />}

      <section aria-labelledby={`${id}-recent`} className="flex flex-col gap-3">
        <h2 id={`${id}-recent`} className="text-xl font-bold">
          {t('adminMoney.settlement.recentTitle')}
        </h2>
        {overview && overview.runs.length === 0 && <p>{t('adminMoney.settlement.recentNone')}</p>}
        <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line empty:hidden">
          {overview?.runs.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                {t('adminMoney.settlement.recentLine', {
                  gateway: t(`adminMoney.gateways.${entry.gateway}`),
                  period: periodLabel(entry, locale),
                  number: localDigits(entry.differences, locale),
                })}
              </span>
              <button
                type="button"
                className="button-secondary"
                aria-label={`${t('adminMoney.settlement.open')}: ${t(`adminMoney.gateways.${entry.gateway}`)}, ${periodLabel(entry, locale)} (${localDigits(entry.id, locale)})`}
                onClick={() =>
                  void api<SettlementRun>(`/staff/settlement/runs/${entry.id}`).then(setRun, () => undefined)
                }
              >
                {t('adminMoney.settlement.open')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /admin/settlement (issue 27): a gateway's settlement against our books, by inquiry or statement. */
export default function AdminSettlement({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="settlement">
      {() => <SettlementSection locale={locale} />}
    </AdminIsland>
  );
}
