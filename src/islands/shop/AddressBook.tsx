import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList, listSeparator, localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { Address, Addresses } from '~/shared/shop';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { AddressForm } from './AddressForm';

/** One address as the book and the checkout show it. */
export function AddressText({ address, locale }: { address: Omit<Address, 'id'>; locale: Locale }) {
  const place = (p: Address['state']) => (locale === 'fa' ? p.name : p.en_name);
  return (
    <span className="flex flex-col text-sm">
      {/* What the viewer typed is isolated: an English street on a Persian page keeps its own order. */}
      <span>
        {formatList([place(address.state), place(address.city)], locale)}
        {listSeparator(locale)}
        <bdi>{address.fullAddress}</bdi>
      </span>
      <span className="text-ink-muted">
        {address.deliveryTo} · <bdi dir="ltr">{localDigits(address.tel, locale)}</bdi> ·{' '}
        <bdi dir="ltr">{localDigits(address.postalCode, locale)}</bdi>
      </span>
    </span>
  );
}

/** GET /me/addresses once; the list every change answers with replaces it. */
export function useAddresses(locale: Locale) {
  const api = useMemo(() => browserApi(locale), [locale]);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  useEffect(() => {
    api<Addresses>('/me/addresses').then(
      (answer) => setAddresses(answer.addresses),
      () => {},
    );
  }, [api]);
  return [addresses, setAddresses] as const;
}

function Book({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [addresses, setAddresses] = useAddresses(locale);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  if (!addresses) return <p className="text-ink-muted">{t('account.loading')}</p>;
  const remove = (id: number) =>
    api<Addresses>(`/me/addresses/${id}`, { method: 'DELETE' }).then(
      (answer) => setAddresses(answer.addresses),
      () => {},
    );
  const saved = (list: Address[]) => {
    setAddresses(list);
    setEditing(null);
  };
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {addresses.length === 0 && <p>{t('shop.address.none')}</p>}
      <ul className="flex flex-col gap-3">
        {addresses.map((address) => (
          <li
            key={address.id}
            className="flex flex-col gap-2 rounded-2xl border border-line p-4"
            data-address={address.id}
          >
            <h2 className="font-bold">{address.title}</h2>
            <AddressText address={address} locale={locale} />
            <div className="flex gap-2">
              <button
                type="button"
                className="min-h-11 px-2 text-accent underline"
                onClick={() => setEditing(address)}
              >
                {t('shop.address.edit')}
              </button>
              <button
                type="button"
                className="min-h-11 px-2 text-accent underline"
                onClick={() => remove(address.id)}
              >
                {t('shop.address.remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          locale={locale}
          editing={editing === 'new' ? undefined : editing}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="button-primary min-h-11 w-fit" onClick={() => setEditing('new')}>
          {t('shop.address.add')}
        </button>
      )}
    </div>
  );
}

export default function AddressBook({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <Book locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
