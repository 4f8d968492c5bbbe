import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrorsOf } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import type {
  RefundRequest,
  ReverseRequest,
  StaffPaymentAction,
  StaffPaymentDetail,
} from '~/shared/staff-payments';
import type { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';

export type Api = ReturnType<typeof browserApi>;

/** What the refund and the reversal forms of an opened payment are given. */
export interface ActionFormProps {
  detail: StaffPaymentDetail;
  api: Api;
  locale: Locale;
  onDone: (action: StaffPaymentAction) => void;
}

/** The reason a refund or a reversal is made, which the audit log keeps. */
export function ReasonField({
  idPrefix,
  value,
  onValue,
  errors,
}: {
  idPrefix: string;
  value: string;
  onValue: (value: string) => void;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      idPrefix={idPrefix}
      name="reason"
      label={t('adminMoney.payments.reason')}
      value={value}
      onValue={onValue}
      errors={errors}
      required
      multiline
    />
  );
}

/**
 * Posts a refund or a reversal of the opened payment with the refunded sum the staff member saw, so that
 * two pressing at once act once; toasts the answer and hands on the changed payment, or keeps the refusal
 * by field. Answers whether it was done.
 */
export function usePaymentAction({ detail, api, onDone }: ActionFormProps) {
  const { payment } = detail;
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function post(
    action: 'refund' | 'reverse',
    body: Omit<RefundRequest, 'expected_refunded'> | Omit<ReverseRequest, 'expected_refunded'>,
  ) {
    setBusy(true);
    try {
      const done = await api<StaffPaymentAction>(`/staff/payments/${payment.id}/${action}`, {
        method: 'POST',
        body: { ...body, expected_refunded: payment.refunded } satisfies RefundRequest | ReverseRequest,
      });
      toast.success(done.message);
      onDone(done);
      return true;
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { post, busy, errors, setErrors };
}
