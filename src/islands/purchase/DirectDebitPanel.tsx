import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '~/lib/api';
import { formatDate, formatPhone, localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import type { DirectDebit, DirectDebitContract, SignContract, SigningRedirect } from '~/shared/direct-debit';
import type { Me } from '~/shared/users';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { Money } from './Money';
import { RadioCards } from './RadioCards';
import { pinHeaders, withPin } from '../shared/pin-prompt';

function ContractFacts({ contract, locale }: { contract: DirectDebitContract; locale: Locale }) {
  const { t } = useTranslation();
  const facts: [string, ReactNode][] = [
    [t('commerce.directDebit.bank'), contract.bank_name],
    [t('commerce.directDebit.mobile'), <bdi key="m">{localDigits(contract.mobile, locale)}</bdi>],
    [
      t('commerce.directDebit.maxAmount'),
      <Money key="a" amount={contract.max_amount} currency="IRR" locale={locale} />,
    ],
    [
      t('commerce.directDebit.counts'),
      t('commerce.directDebit.countsValue', {
        daily: localDigits(contract.max_daily_count, locale),
        monthly: localDigits(contract.max_monthly_count, locale),
      }),
    ],
    [t('commerce.directDebit.expires'), formatDate(contract.expires_at, locale)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-muted">{term}</dt>
          <dd className="font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The contract in force: its bank and limits, and cancelling it (asked twice: it stops renewals). */
function SignedContract({
  contract,
  endsAt,
  locale,
  onCancelled,
}: {
  contract: DirectDebitContract;
  /** The running subscription's end, which the contract renews shortly before. */
  endsAt: string | null;
  locale: Locale;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setProblem(null);
    try {
      await api('/me/direct-debit', { method: 'DELETE' });
      onCancelled();
    } catch (error) {
      setProblem(problemOf(error, locale));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line p-5" data-contract={contract.status}>
      <p className="font-bold">{t('commerce.directDebit.active')}</p>
      <p data-renews>
        {endsAt
          ? t('commerce.directDebit.renews', { date: formatDate(endsAt, locale) })
          : t('commerce.directDebit.noSubscription')}
      </p>
      <ContractFacts contract={contract} locale={locale} />
      <p id="direct-debit-problem" role="alert" className="text-sm font-bold text-accent empty:hidden">
        {problem ?? ''}
      </p>
      {asking ? (
        <div className="flex flex-col gap-3">
          <p>{t('commerce.directDebit.confirmCancel')}</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="button-primary" disabled={busy} onClick={() => void cancel()}>
              {t('commerce.directDebit.cancelYes')}
            </button>
            <button type="button" className="button-secondary" onClick={() => setAsking(false)}>
              {t('commerce.directDebit.cancelNo')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button-secondary self-start" onClick={() => setAsking(true)}>
          {t('commerce.directDebit.cancel')}
        </button>
      )}
    </div>
  );
}

/** Signing: the phone rule said first (SPEC §5), then the bank, then off to the bank's page. */
function SignForm({ debit, me, locale }: { debit: DirectDebit; me: Me; locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [bank, setBank] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const phone = me.phone?.startsWith('+98') ? me.phone : null;
  async function sign() {
    if (!bank) {
      setProblem(t('commerce.directDebit.chooseBank'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      // Signing lets the account be charged monthly: the purchase PIN, when the account has one.
      const { redirect } = await withPin(locale, (pin) =>
        api<SigningRedirect>('/me/direct-debit', {
          method: 'POST',
          body: { bank_code: bank } satisfies SignContract,
          headers: pinHeaders(pin),
        }),
      );
      window.location.assign(redirect);
    } catch (error) {
      setBusy(false);
      setProblem(problemOf(error, locale));
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <p>{t('commerce.directDebit.lead', { amount: formatMoney(debit.monthly_amount, 'IRR', locale) })}</p>
      <p id={`${id}-phone`} className="rounded-lg border border-accent bg-accent-soft p-3" data-phone-rule>
        {phone
          ? t('commerce.directDebit.phoneRule', { phone: formatPhone(phone, locale) })
          : t('commerce.directDebit.noPhone')}
      </p>
      {phone && debit.banks.length > 0 && (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void sign();
          }}
        >
          <RadioCards
            legend={t('commerce.directDebit.bankChoice')}
            value={bank}
            onChange={setBank}
            options={debit.banks.map((choice) => ({ value: choice.bank_code, label: choice.name }))}
          />
          <p role="alert" className="text-sm font-bold text-accent empty:hidden">
            {problem ?? ''}
          </p>
          <button
            type="submit"
            className="button-primary self-start"
            disabled={busy}
            aria-describedby={`${id}-phone`}
          >
            {t('commerce.directDebit.sign')}
          </button>
        </form>
      )}
      {phone && debit.banks.length === 0 && <p role="alert">{t('commerce.directDebit.noBanks')}</p>}
    </div>
  );
}

function DirectDebitBody({ me, locale, optional }: { me: Me; locale: Locale; optional: boolean }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [debit, setDebit] = useState<DirectDebit | null | 'unavailable'>(null);
  const load = useCallback(
    (signal?: AbortSignal) =>
      api<DirectDebit>('/me/direct-debit', signal ? { signal } : {}).then(setDebit, () => {
        if (!signal?.aborted) setDebit('unavailable');
      }),
    [api],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  if (debit === null) return <p className="text-ink-muted">{t('account.loading')}</p>;
  if (debit === 'unavailable') return optional ? null : <p>{t('commerce.directDebit.unavailable')}</p>;
  const { contract } = debit;
  return (
    <div className="flex max-w-xl flex-col gap-6">
      {contract?.status === 'signed' ? (
        <SignedContract
          contract={contract}
          endsAt={debit.subscription_ends_at}
          locale={locale}
          onCancelled={() => void load()}
        />
      ) : (
        <>
          {contract && contract.status !== 'pending' && (
            <p role="status" data-contract={contract.status}>
              {t(`commerce.directDebit.status.${contract.status}`)}
            </p>
          )}
          <SignForm debit={debit} me={me} locale={locale} />
        </>
      )}
    </div>
  );
}

/**
 * Automatic monthly payment (Zarinpal Payman, issue 12): /account/direct-debit, and a section of
 * /subscribe (`optional`: it says nothing there when the server has no direct debit).
 */
export default function DirectDebitPanel({
  locale,
  optional = false,
}: {
  locale: Locale;
  optional?: boolean;
}) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{(me) => <DirectDebitBody me={me} locale={locale} optional={optional} />}</RequireLogin>
    </IslandRoot>
  );
}
