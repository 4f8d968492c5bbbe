import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate, localDigits, longDateTime, toLatinDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type {
  GiftCampaignCreate,
  GiftCodeIssue,
  IssuedGiftCode,
  StaffGiftCampaign,
  StaffGiftCampaigns,
  StaffGiftCodes,
} from '~/shared/staff-gifts';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { AdminIsland } from './AdminIsland';
import { controlClass, Pager } from './AdminMoneyParts';
import { useDraftForm } from './useDraftForm';
import { usePagedStaffList, useStaffList } from './useStaffList';

type Api = ReturnType<typeof browserApi>;

interface Draft {
  slug: string;
  title: string;
  enTitle: string;
  months: string;
  plan: string;
  startsAt: string;
  endsAt: string;
  requestable: boolean;
}

const emptyDraft: Draft = {
  slug: '',
  title: '',
  enTitle: '',
  months: '1',
  plan: 'monthly',
  startsAt: '',
  endsAt: '',
  requestable: false,
};

/** datetime-local is the staff member's own time; the API takes an instant (an empty one is refused). */
const instant = (text: string) => (text ? new Date(text).toISOString() : '');

function CreateCampaign({ api, onCreated }: { api: Api; onCreated: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { draft, setDraft, set, errors, busy, submit } = useDraftForm(emptyDraft, async (typed) => {
    const body: GiftCampaignCreate = {
      slug: typed.slug,
      title: typed.title,
      en_title: typed.enTitle,
      months: Number(toLatinDigits(typed.months)),
      plan: typed.plan,
      starts_at: instant(typed.startsAt),
      ends_at: instant(typed.endsAt),
      requestable: typed.requestable,
    };
    const created = await api<StaffGiftCampaign>('/staff/gifts/campaigns', { method: 'POST', body });
    toast.success(t('adminMoney.gifts.created', { slug: created.slug }));
    onCreated();
  });

  const field = (key: keyof Draft, name: string, extra: Record<string, unknown> = {}) => (
    <TextField
      idPrefix={id}
      name={name}
      label={t(`adminMoney.gifts.fields.${name}`)}
      value={draft[key] as string}
      onValue={set(key)}
      errors={errors[name]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {t('adminMoney.gifts.createTitle')}
      </h2>
      <form
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        noValidate
        data-gift-form
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {field('title', 'title', { required: true })}
          {field('enTitle', 'en_title', { required: true, dir: 'ltr' })}
          {field('slug', 'slug', { required: true, dir: 'ltr' })}
          {field('plan', 'plan', { required: true, dir: 'ltr', hint: t('adminMoney.gifts.planHint') })}
          {field('months', 'months', { required: true, inputMode: 'numeric', dir: 'ltr' })}
          {field('startsAt', 'starts_at', { required: true, type: 'datetime-local', dir: 'ltr' })}
          {field('endsAt', 'ends_at', { required: true, type: 'datetime-local', dir: 'ltr' })}
        </div>
        <label className="flex min-h-6 items-center gap-2">
          <input
            type="checkbox"
            checked={draft.requestable}
            onChange={(event) => setDraft((now) => ({ ...now, requestable: event.target.checked }))}
            className="size-6 shrink-0"
          />
          {t('adminMoney.gifts.fields.requestable')}
        </label>
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t('adminMoney.gifts.create')}
        </button>
      </form>
    </section>
  );
}

function Codes({ api, campaign, locale }: { api: Api; campaign: StaffGiftCampaign; locale: Locale }) {
  const { t } = useTranslation();
  const {
    list: codes,
    page,
    setPage,
  } = usePagedStaffList<StaffGiftCodes>(api, `/staff/gifts/campaigns/${campaign.id}/codes`);
  if (!codes) return <p className="text-ink-muted">{t('adminMoney.loading')}</p>;
  if (codes.codes.length === 0 && page === 1) return <p>{t('adminMoney.gifts.noCodes')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y divide-line rounded-xl border border-line">
        {codes.codes.map((code) => (
          <li key={code.id} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
            <bdi dir="ltr" className="font-bold">
              {code.public_id}…
            </bdi>
            <span>
              {t('adminMoney.gifts.codeUses', {
                used: localDigits(code.used_count, locale),
                max: localDigits(code.max_uses, locale),
              })}
              {code.requested && ` · ${t('adminMoney.gifts.requested')}`}
            </span>
          </li>
        ))}
      </ul>
      <Pager page={codes.page} hasMore={codes.codes.length === 50} onPage={setPage} />
    </div>
  );
}

function CampaignCard({
  campaign,
  api,
  locale,
  onIssued,
}: {
  campaign: StaffGiftCampaign;
  api: Api;
  locale: Locale;
  onIssued: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [uses, setUses] = useState('1');
  const [issued, setIssued] = useState<IssuedGiftCode | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [showCodes, setShowCodes] = useState(false);

  async function issue(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const code = await api<IssuedGiftCode>(`/staff/gifts/campaigns/${campaign.id}/codes`, {
        method: 'POST',
        body: { max_uses: Number(toLatinDigits(uses)) } satisfies GiftCodeIssue,
      });
      setIssued(code);
      setErrors({});
      onIssued();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  }

  return (
    <li className="flex flex-col gap-3 p-4" data-campaign={campaign.slug}>
      <h3 className="text-lg font-bold">
        <bdi>{locale === 'fa' ? campaign.title : campaign.en_title}</bdi>{' '}
        <bdi dir="ltr" className="text-sm font-normal text-ink-muted">
          {campaign.slug}
        </bdi>
      </h3>
      <p>
        {t('adminMoney.gifts.gives', {
          count: campaign.months,
          months: localDigits(campaign.months, locale),
        })}{' '}
        <bdi dir="ltr">{campaign.plan}</bdi>
        {campaign.requestable && ` · ${t('adminMoney.gifts.fields.requestable')}`}
      </p>
      <p className="text-sm text-ink-muted">
        {t('adminMoney.gifts.window', {
          from: formatDate(campaign.starts_at, locale, longDateTime),
          until: formatDate(campaign.ends_at, locale, longDateTime),
        })}
      </p>
      <p data-campaign-use>
        {t('adminMoney.gifts.use', {
          codes: localDigits(campaign.codes, locale),
          redeemed: localDigits(campaign.redeemed, locale),
        })}
      </p>
      <form onSubmit={(event) => void issue(event)} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-uses`} className="font-bold">
            {t('adminMoney.gifts.maxUses')}
          </label>
          <input
            id={`${id}-uses`}
            inputMode="numeric"
            dir="ltr"
            value={uses}
            onChange={(event) => setUses(event.target.value)}
            aria-invalid={errors['max_uses'] ? true : undefined}
            aria-describedby={`${id}-problem`}
            className={`${controlClass} w-32`}
          />
        </div>
        <button type="submit" className="button-secondary">
          {t('adminMoney.gifts.issue')}
        </button>
        <button
          type="button"
          className="button-secondary"
          aria-expanded={showCodes}
          onClick={() => setShowCodes((now) => !now)}
        >
          {t(showCodes ? 'adminMoney.gifts.hideCodes' : 'adminMoney.gifts.showCodes')}
        </button>
      </form>
      <p id={`${id}-problem`} role="alert" className="text-sm font-bold text-accent empty:hidden">
        {Object.values(errors).flat().join(' ')}
      </p>
      {issued && (
        <div role="status" className="rounded-xl border border-accent p-3" data-issued-code>
          <p>{t('adminMoney.gifts.issued')}</p>
          <p className="text-xl font-extrabold">
            <bdi dir="ltr">{issued.code}</bdi>
          </p>
        </div>
      )}
      {showCodes && <Codes api={api} campaign={campaign} locale={locale} />}
    </li>
  );
}

function GiftsSection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const api = useMemo(() => browserApi(locale), [locale]);
  // Bumped after a change so the list shows the new counts.
  const [version, setVersion] = useState(0);
  const [list] = useStaffList<StaffGiftCampaigns>(api, '/staff/gifts/campaigns', version);
  const reload = () => setVersion((now) => now + 1);
  return (
    <div className="flex flex-col gap-8" data-admin-gifts>
      <CreateCampaign api={api} onCreated={reload} />
      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-3">
        <h2 id={`${id}-list`} className="text-xl font-bold">
          {t('adminMoney.gifts.listTitle')}
        </h2>
        {!list ? (
          <p className="text-ink-muted">{t('adminMoney.loading')}</p>
        ) : list.campaigns.length === 0 ? (
          <p>{t('adminMoney.gifts.none')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line">
            {list.campaigns.map((campaign) => (
              <CampaignCard
                key={campaign.id}
                campaign={campaign}
                api={api}
                locale={locale}
                onIssued={reload}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /admin/gifts (issue 17): gift campaigns, a new one, and codes issued for finance to hand out. */
export default function AdminGifts({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="gifts">
      {() => <GiftsSection locale={locale} />}
    </AdminIsland>
  );
}
