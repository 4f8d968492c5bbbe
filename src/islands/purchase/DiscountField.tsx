import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLatinDigits } from '~/lib/format';

/**
 * The discount code, checked by the server when applied (the quote answers with the new lines or with
 * the reason the code is refused: expired, used up, not for this item, ...).
 */
export function DiscountField({
  applied,
  refusal,
  checking,
  onApply,
  onRemove,
}: {
  applied: string | null;
  refusal: string | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const code = toLatinDigits(typed).trim().toUpperCase();

  function apply() {
    if (code) onApply(code);
  }

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-accent-soft px-3 py-2">
        <p role="status">
          {t('commerce.discount.applied')}{' '}
          <bdi dir="ltr" className="font-mono font-bold">
            {applied}
          </bdi>
        </p>
        <button type="button" className="min-h-11 px-2 font-bold text-accent underline" onClick={onRemove}>
          {t('commerce.discount.remove')}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-code`} className="font-bold">
        {t('commerce.discount.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          name="discount_code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          // Enter applies the code instead of submitting the payment around it.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          // w-0: the row gives the field its room; the default 20-character width would widen a narrow
          // column (the checkout's summary on a phone) instead.
          className="w-0 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-ink aria-[invalid=true]:border-accent focus-visible:outline-3 focus-visible:outline-accent"
        />
        <button
          type="button"
          className="button-secondary shrink-0"
          onClick={apply}
          disabled={checking || !code}
        >
          {t('commerce.discount.apply')}
        </button>
      </div>
      <p id={`${id}-refusal`} role="alert" className="text-sm font-bold text-accent empty:hidden">
        {refusal ?? ''}
      </p>
      {checking && <p className="text-sm text-ink-muted">{t('commerce.discount.checking')}</p>}
    </div>
  );
}
