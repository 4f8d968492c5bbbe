import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import type { CitiesResponse, City, State, StatesResponse } from '~/shared/core';
import type { Address, Addresses } from '~/shared/shop';
import { useForm } from '../auth/useForm';
import { browserApi } from '../shared/api';
import { TextField } from '../shared/TextField';

const selectClass =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-ink aria-[invalid=true]:border-accent';

function usePlaces(locale: Locale, stateId: string) {
  const api = useMemo(() => browserApi(locale), [locale]);
  const [states, setStates] = useState<State[]>([]);
  const [cities, setCities] = useState<City[]>([]);
  useEffect(() => {
    api<StatesResponse>('/core/states').then(
      (answer) => setStates(answer.states),
      () => {},
    );
  }, [api]);
  useEffect(() => {
    if (!stateId) return;
    api<CitiesResponse>(`/core/cities/${stateId}`).then(
      (answer) => setCities(answer.cities),
      () => {},
    );
  }, [api, stateId]);
  return { states, cities: stateId ? cities : [] };
}

function Select({
  name,
  label,
  value,
  onValue,
  errors,
  options,
}: {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors: string[] | undefined;
  options: { id: number; title: string }[];
}) {
  const { t } = useTranslation();
  const id = `address-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={selectClass}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
      >
        <option value="">{t('shop.address.choose')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </select>
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm text-accent">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

const empty = { title: '', state: '', city: '', deliveryTo: '', tel: '', postalCode: '', fullAddress: '' };

/**
 * Adds an address to the book or changes one (SPEC §3 fields; field errors from the server beside each
 * field); hands the whole list the server answers with to `onSaved`.
 */
export function AddressForm({
  locale,
  editing,
  onSaved,
  onCancel,
}: {
  locale: Locale;
  editing?: Address | undefined;
  onSaved: (addresses: Address[]) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const { bindForm, ...form } = useForm(
    editing
      ? {
          title: editing.title,
          state: String(editing.state.id),
          city: String(editing.city.id),
          deliveryTo: editing.deliveryTo,
          tel: editing.tel,
          postalCode: editing.postalCode,
          fullAddress: editing.fullAddress,
        }
      : empty,
    'address',
  );
  const { states, cities } = usePlaces(locale, form.values.state);
  const save = form.submit(async () => {
    const body = { ...form.values, state: Number(form.values.state), city: Number(form.values.city) };
    const { addresses } = await api<Addresses>(editing ? `/me/addresses/${editing.id}` : '/me/addresses', {
      method: editing ? 'PUT' : 'POST',
      body,
    });
    onSaved(addresses);
  });
  return (
    <form ref={bindForm} onSubmit={save} noValidate className="flex flex-col gap-3" data-address-form>
      <TextField {...form.bind('title')} label={t('shop.address.title')} hint={t('shop.address.titleHint')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          name="state"
          label={t('shop.address.state')}
          value={form.values.state}
          onValue={(value) => {
            form.set('state', value);
            form.set('city', '');
          }}
          errors={form.errors.state}
          options={states}
        />
        <Select
          name="city"
          label={t('shop.address.city')}
          value={form.values.city}
          onValue={(value) => form.set('city', value)}
          errors={form.errors.city}
          options={cities}
        />
      </div>
      <TextField {...form.bind('deliveryTo')} label={t('shop.address.deliveryTo')} autoComplete="name" />
      <TextField
        {...form.bind('tel')}
        label={t('shop.address.tel')}
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
      />
      <TextField
        {...form.bind('postalCode')}
        label={t('shop.address.postalCode')}
        hint={t('shop.address.postalCodeHint')}
        inputMode="numeric"
        autoComplete="postal-code"
        dir="ltr"
      />
      <TextField {...form.bind('fullAddress')} label={t('shop.address.fullAddress')} multiline />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary min-h-11" disabled={form.busy}>
          {t('shop.address.save')}
        </button>
        {onCancel && (
          <button type="button" className="button-secondary min-h-11" onClick={onCancel}>
            {t('shop.address.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
