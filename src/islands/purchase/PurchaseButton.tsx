import { useStore } from '@nanostores/react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductKind } from '~/shared/catalog';
import type { Locale } from '~/lib/locale';
import { $token } from '~/stores/auth';
import { IslandRoot } from '../auth/IslandRoot';
import { PurchaseDialog, type PurchaseTarget } from './PurchaseDialog';
import { useLoginFirst } from './useLoginFirst';

const labels: Record<ProductKind, string> = {
  film: 'commerce.buy.title',
  series: 'commerce.buy.title',
  music: 'commerce.buy.title',
  screening: 'commerce.buy.screening',
  festival: 'commerce.buy.festival',
};

/**
 * Opens the purchase dialog, logging the viewer in first when needed (SPEC §4). Without `label` the
 * button names what the target sells; `className` lets a page draw it as its main or a minor action.
 */
export function PurchaseOpener({
  locale,
  target,
  label,
  className = 'button-primary',
}: {
  locale: Locale;
  target: PurchaseTarget;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const token = useStore($token);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const reopen = useCallback(() => setOpen(true), []);
  const loginFirst = useLoginFirst(reopen);
  const text = label ?? t('kind' in target ? labels[target.kind] : 'commerce.buy.subscribe');
  return (
    <>
      <button ref={button} type="button" className={className} onClick={token ? reopen : loginFirst} data-buy>
        {text}
      </button>
      {open && (
        <PurchaseDialog
          locale={locale}
          target={target}
          onClose={() => setOpen(false)}
          opener={() => button.current}
          onLoginNeeded={() => {
            setOpen(false);
            loginFirst();
          }}
        />
      )}
    </>
  );
}

/**
 * The title page's Buy button (issue 9). Hydrated `client:interaction`: nothing of it (React included)
 * loads before the viewer presses it.
 */
export default function PurchaseButton({
  locale,
  kind,
  id,
  name,
  label,
}: {
  locale: Locale;
  kind: ProductKind;
  id: number;
  name: string;
  /** What the button says when the kind's own words would promise more (a title no plan holds). */
  label?: string;
}) {
  return (
    <IslandRoot locale={locale}>
      <PurchaseOpener
        locale={locale}
        target={{ kind, id, name }}
        label={label}
        className="button-secondary"
      />
    </IslandRoot>
  );
}
