import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanUserName } from '~/lib/user-name';
import type { Locale } from '~/lib/locale';
import type { GatewayType, PackagesResponse } from '~/shared/commerce';
import { $token } from '~/stores/auth';
import { useForm } from '../auth/useForm';
import { CurrencySwitch } from '../purchase/CurrencySwitch';
import { GatewayChoice, gatewayOf } from '../purchase/GatewayChoice';
import { useGateways } from '../purchase/gateways';
import { Money } from '../purchase/Money';
import { startPayment } from '../purchase/payment';
import { RadioCards } from '../purchase/RadioCards';
import { useLoginFirst } from '../purchase/useLoginFirst';
import { TextField } from '../shared/TextField';

/**
 * A subscription package bought for someone else (POST /payments, type BUY_GIFT): the package in the
 * viewer's currency, whom it is for and a note, the gateway; then off to the bank like any purchase.
 */
export function GiftCardForm({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const gateways = useGateways(api);
  const currency = gateways?.currency ?? null;
  const [reply, setReply] = useState<PackagesResponse | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);
  const [gateway, setGateway] = useState<GatewayType | null>(null);
  const { bindForm, ...form } = useForm({ gift_to: '', gift_message: '' }, 'gift-card');

  useEffect(() => {
    if (!currency) return;
    const controller = new AbortController();
    api<PackagesResponse>('/core/packages', { query: { currency }, signal: controller.signal }).then(
      setReply,
      () => {},
    );
    return () => controller.abort();
  }, [api, currency]);

  const packages = reply?.packages ?? [];
  const chosen = packages.find((pack) => pack.id === packageId) ?? packages[0] ?? null;
  const chosenGateway = gateways ? gatewayOf(gateways, gateway) : null;

  const pay = form.submit(async () => {
    if (!chosen || !chosenGateway || !currency) return;
    await startPayment(
      api,
      {
        type: 'BUY_GIFT',
        item_id: chosen.id,
        currency,
        gateway: chosenGateway,
        gift_to: cleanUserName(form.values.gift_to),
        ...(form.values.gift_message.trim() ? { gift_message: form.values.gift_message } : {}),
      },
      locale,
    );
  });
  const payAfterLogin = useLoginFirst(() => void pay());
  function submit(event: SubmitEvent<HTMLFormElement>) {
    if (token) return void pay(event);
    event.preventDefault();
    payAfterLogin();
  }

  if (!reply) return <p className="text-ink-muted">{t('gifts.card.loading')}</p>;
  return (
    <form ref={bindForm} onSubmit={submit} noValidate aria-busy={form.busy} className="flex flex-col gap-5">
      <CurrencySwitch value={currency} />
      <RadioCards
        legend={t('gifts.card.package')}
        value={chosen ? String(chosen.id) : null}
        onChange={(value) => setPackageId(Number(value))}
        options={packages.map((pack) => ({
          value: String(pack.id),
          label: locale === 'fa' ? pack.title : pack.en_title,
          aside: <Money amount={pack.total} currency={pack.currency} locale={locale} />,
        }))}
      />
      <TextField
        {...form.bind('gift_to')}
        label={t('gifts.card.recipient')}
        type="text"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        dir="ltr"
        required
      />
      <TextField
        {...form.bind('gift_message')}
        label={t('gifts.card.message')}
        hint={t('gifts.card.messageHint')}
        maxLength={300}
        multiline
      />
      {gateways && (
        <GatewayChoice
          gateways={gateways.gateways}
          value={chosenGateway}
          onChange={setGateway}
          locale={locale}
        />
      )}
      <button type="submit" className="button-primary self-start" disabled={form.busy || !chosen}>
        {t('gifts.card.pay')}
      </button>
    </form>
  );
}
