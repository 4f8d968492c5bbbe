import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { GiftCardForm } from './GiftCardForm';
import { RedeemGift } from './RedeemGift';
import { RequestGift } from './RequestGift';

function Section({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-2xl border border-line p-5 md:p-6">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <p className="text-ink-muted">{text}</p>
      {children}
    </section>
  );
}

/** /gift: redeem a code, ask for the season's gift, give a subscription (docs/decisions/0027-gifts.md). */
function Gifts({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <Section id="gift-redeem" title={t('gifts.redeem.heading')} text={t('gifts.redeem.text')}>
        <RedeemGift api={api} locale={locale} />
      </Section>
      <Section id="gift-request" title={t('gifts.request.heading')} text={t('gifts.request.text')}>
        <RequestGift api={api} locale={locale} />
      </Section>
      <Section id="gift-card" title={t('gifts.card.heading')} text={t('gifts.card.text')}>
        <GiftCardForm api={api} locale={locale} />
      </Section>
    </div>
  );
}

export default function GiftPage({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Gifts locale={locale} />
    </IslandRoot>
  );
}
