import { useStore } from '@nanostores/react';
import { useCallback, useRef, useState } from 'react';
import type { ProductKind } from '~/shared/catalog';
import type { Locale } from '~/lib/locale';
import { $token } from '~/stores/auth';
import { IslandRoot } from '../auth/IslandRoot';
import { PurchaseDialog, type PurchaseTarget } from './PurchaseDialog';
import { useLoginFirst } from './useLoginFirst';

/**
 * Opens the purchase dialog, logging the viewer in first when needed (SPEC §4). `label` is what the
 * button says (a title page's from lib/catalog's buyLabelKey); `className` lets a page draw it as its
 * main or a minor action.
 */
export function PurchaseOpener({
  locale,
  target,
  label,
  className = 'button-primary',
}: {
  locale: Locale;
  target: PurchaseTarget;
  label: string;
  className?: string;
}) {
  const token = useStore($token);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const reopen = useCallback(() => setOpen(true), []);
  const loginFirst = useLoginFirst(reopen);
  return (
    <>
      <button ref={button} type="button" className={className} onClick={token ? reopen : loginFirst} data-buy>
        {label}
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
  /** What the button says: lib/catalog's buyLabelKey, which knows what opens the title. */
  label: string;
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
