import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '~/lib/money';
import { ReasonField, usePaymentAction, type ActionFormProps } from './PaymentAction';

/** Asks the gateway to reverse the opened payment's gateway part (again, when a request is waiting). */
export function ReverseForm(props: ActionFormProps) {
  const { detail, locale } = props;
  const { t } = useTranslation();
  const id = useId();
  const { payment } = detail;
  const waiting = detail.refunds.find((refund) => refund.status === 'requested');
  const [reason, setReason] = useState('');
  const { post, busy, errors } = usePaymentAction(props);

  async function reverse(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await post('reverse', { reason: waiting?.reason ?? reason });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t('adminMoney.payments.reverseTitle')}
      </h3>
      <p>
        {t('adminMoney.payments.reverseHint', {
          gateway: t(`adminMoney.gateways.${payment.gateway}`),
          amount: formatMoney(payment.gateway_part, payment.currency, locale),
        })}
      </p>
      <form onSubmit={(event) => void reverse(event)} className="flex flex-col gap-3" noValidate>
        {!waiting && (
          <ReasonField idPrefix={id} value={reason} onValue={setReason} errors={errors['reason']} />
        )}
        <button type="submit" className="button-secondary self-start" disabled={busy}>
          {t(waiting ? 'adminMoney.payments.askAgain' : 'adminMoney.payments.reverse')}
        </button>
      </form>
    </section>
  );
}
