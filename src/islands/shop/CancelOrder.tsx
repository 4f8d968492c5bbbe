import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import type { CanceledOrder, ShopOrder } from '~/shared/shop';
import { browserApi } from '../shared/api';

type Step = 'idle' | 'asking' | 'kept' | 'done';

/**
 * The viewer's cancel of a Registred order, asked twice: it cannot be undone and the money goes to the
 * wallet, not back to the card (decision record 0022), which the question says. Focus follows the
 * steps (the question, back to the button, the server's answer), since each step removes the last.
 */
export function CancelOrder({
  order,
  locale,
  onCanceled,
}: {
  order: ShopOrder;
  locale: Locale;
  onCanceled: (order: ShopOrder) => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [step, setStep] = useState<Step>('idle');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState('');
  const focused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (step !== 'idle') focused.current?.focus();
  }, [step]);

  const cancel = () => {
    setBusy(true);
    api<CanceledOrder>(`/me/shop/orders/${order.id}/cancel`, { method: 'POST' }).then(
      (reply) => {
        setAnswer(reply.message);
        setStep('done');
        onCanceled(reply.order);
      },
      () => setBusy(false),
    );
  };

  if (step === 'done') {
    return (
      <p
        ref={(node) => void (focused.current = node)}
        role="status"
        tabIndex={-1}
        className="font-bold first-letter:uppercase"
      >
        {answer}
      </p>
    );
  }
  if (!order.cancellable) return null;
  if (step === 'asking') {
    return (
      <div role="group" aria-label={t('shop.orders.cancel')} className="flex flex-col gap-2">
        <p>{t('shop.orders.cancelQuestion')}</p>
        <div className="flex flex-wrap gap-2">
          <button
            ref={(node) => void (focused.current = node)}
            type="button"
            className="button-primary min-h-11"
            disabled={busy}
            onClick={cancel}
          >
            {t('shop.orders.cancelConfirm')}
          </button>
          <button type="button" className="button-secondary min-h-11" onClick={() => setStep('kept')}>
            {t('shop.orders.keep')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <button
      ref={(node) => void (focused.current = node)}
      type="button"
      className="button-secondary min-h-11 w-fit"
      onClick={() => setStep('asking')}
    >
      {t('shop.orders.cancel')}
    </button>
  );
}
