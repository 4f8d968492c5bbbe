import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '~/lib/format';
import { formatMoney, moneyUnit, parseMoney } from '~/lib/money';
import { minorPerUnit } from '~/lib/money-format';
import { TextField } from '~/islands/shared/TextField';
import { ReasonField, usePaymentAction, type ActionFormProps } from './PaymentAction';

/** Refunds part or all of what is left of the opened payment, after the staff member confirms the sum. */
export function RefundForm(props: ActionFormProps) {
  const { detail, locale } = props;
  const { t } = useTranslation();
  const id = useId();
  const { payment } = detail;
  const [typed, setTyped] = useState('');
  // "All that is left" may hold a tenth of a toman, which nobody can type: it is sent as it is.
  const [wholeRest, setWholeRest] = useState(false);
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState<number | null>(null);
  const { post, busy, errors, setErrors } = usePaymentAction(props);

  function check(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = wholeRest ? detail.refundable : parseMoney(typed, payment.currency);
    if (amount === null || amount > detail.refundable) {
      setErrors({ amount: [t('adminMoney.payments.amountInvalid')] });
      return;
    }
    setErrors({});
    setAsking(amount);
  }

  async function refund(amount: number) {
    if (await post('refund', { amount, reason })) {
      setTyped('');
      setWholeRest(false);
      setReason('');
    }
    setAsking(null);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t('adminMoney.payments.refundTitle')}
      </h3>
      <p>
        {t('adminMoney.payments.refundable', {
          amount: formatMoney(detail.refundable, payment.currency, locale),
        })}
      </p>
      <form onSubmit={check} className="flex flex-col gap-3" noValidate>
        <TextField
          idPrefix={id}
          name="amount"
          label={t('adminMoney.payments.amount', { unit: moneyUnit(payment.currency, locale) })}
          value={typed}
          onValue={(value) => {
            setTyped(value);
            setWholeRest(false);
          }}
          errors={errors['amount']}
          inputMode={payment.currency === 'USD' ? 'decimal' : 'numeric'}
          dir="ltr"
          autoComplete="off"
          required
        />
        <button
          type="button"
          className="button-secondary self-start"
          onClick={() => {
            setTyped(
              formatNumber(detail.refundable / minorPerUnit[payment.currency], locale, {
                maximumFractionDigits: 2,
              }),
            );
            setWholeRest(true);
          }}
        >
          {t('adminMoney.payments.all')}
        </button>
        <ReasonField idPrefix={id} value={reason} onValue={setReason} errors={errors['reason']} />
        <p className="text-sm text-ink-muted">
          {payment.type === 'BUY_CAFE_TICKET'
            ? t('adminMoney.payments.seatsVoided')
            : t('adminMoney.payments.accessKept')}
        </p>
        {asking === null ? (
          <button type="submit" className="button-primary self-start">
            {t('adminMoney.payments.refund')}
          </button>
        ) : (
          <div
            role="group"
            aria-labelledby={`${id}-confirm`}
            className="flex flex-col gap-2 rounded-xl border border-accent p-3"
          >
            <p id={`${id}-confirm`} className="font-bold">
              {t('adminMoney.payments.confirmRefund', {
                amount: formatMoney(asking, payment.currency, locale),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="button-primary"
                disabled={busy}
                autoFocus
                onClick={() => void refund(asking)}
              >
                {t('adminMoney.payments.confirm')}
              </button>
              <button type="button" className="button-secondary" onClick={() => setAsking(null)}>
                {t('adminMoney.payments.cancel')}
              </button>
            </div>
          </div>
        )}
      </form>
    </section>
  );
}
