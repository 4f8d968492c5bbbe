import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate, formatNumber, localDigits, longDateTime, toLatinDigits } from '~/lib/format';
import { formatMoney, parseMoney } from '~/lib/money';
import type { Locale } from '~/lib/locale';
import { paymentTypes } from '~/shared/commerce-constants';
import type {
  DiscountCreate,
  DiscountUpdate,
  DiscountUses,
  StaffDiscount,
  StaffDiscounts,
} from '~/shared/staff-payments';
import { Money } from '~/islands/purchase/Money';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { AdminIsland } from './AdminIsland';
import { controlClass, Pager } from './AdminMoneyParts';
import { useDraftForm } from './useDraftForm';
import { usePagedStaffList, useStaffList } from './useStaffList';

type Api = ReturnType<typeof browserApi>;

/** A wallet charge sells nothing, so no code applies to it. */
const scopes = paymentTypes.filter((type) => type !== 'CHARGE_WALLET');

interface Draft {
  code: string;
  kind: 'percent' | 'fixed';
  percent: string;
  amountIrr: string;
  amountUsd: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerUser: string;
  types: string[];
  productIds: string;
}

const emptyDraft: Draft = {
  code: '',
  kind: 'percent',
  percent: '',
  amountIrr: '',
  amountUsd: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerUser: '',
  types: [],
  productIds: '',
};

const whole = (text: string) => (text.trim() ? Number(toLatinDigits(text.trim())) : null);
/** datetime-local is the staff member's own time; the API takes an instant. */
const instant = (text: string) => (text ? new Date(text).toISOString() : null);

/** The request as typed; what cannot be read is sent as it is so the API names the field. */
function requestOf(draft: Draft): DiscountCreate {
  const fixed = draft.kind === 'fixed';
  return {
    code: draft.code,
    kind: draft.kind,
    percent: fixed ? null : whole(draft.percent),
    amount_irr: fixed && draft.amountIrr.trim() ? (parseMoney(draft.amountIrr, 'IRR') ?? -1) : null,
    amount_usd: fixed && draft.amountUsd.trim() ? (parseMoney(draft.amountUsd, 'USD') ?? -1) : null,
    valid_from: instant(draft.validFrom),
    valid_until: instant(draft.validUntil),
    max_uses: whole(draft.maxUses),
    max_uses_per_user: whole(draft.maxUsesPerUser),
    payment_types: draft.types as DiscountCreate['payment_types'],
    product_ids: draft.productIds
      .split(/[,،\s]+/)
      .filter(Boolean)
      .map((id) => Number(toLatinDigits(id))),
  };
}

function CreateForm({ api, onCreated }: { api: Api; onCreated: (code: StaffDiscount) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { draft, setDraft, set, errors, busy, submit } = useDraftForm(emptyDraft, async (typed) => {
    const created = await api<StaffDiscount>('/staff/discounts', { method: 'POST', body: requestOf(typed) });
    toast.success(t('adminMoney.discounts.created', { code: created.code }));
    onCreated(created);
  });
  const field = (key: keyof Draft, name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      idPrefix={id}
      name={name}
      label={label}
      value={draft[key] as string}
      onValue={set(key)}
      errors={errors[name]}
      dir="ltr"
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('adminMoney.discounts.createTitle')}
      </h2>
      <form
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        noValidate
        data-discount-form
      >
        {field('code', 'code', t('adminMoney.discounts.code'), { required: true, className: 'uppercase' })}
        <fieldset className="flex flex-col gap-2">
          <legend className="font-bold">{t('adminMoney.discounts.kind')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['percent', 'fixed'] as const).map((kind) => (
              <label key={kind} className="flex min-h-6 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={kind}
                  checked={draft.kind === kind}
                  onChange={() => set('kind')(kind)}
                  className="size-6 shrink-0"
                />
                {t(`adminMoney.discounts.${kind}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {draft.kind === 'percent' ? (
          field('percent', 'percent', t('adminMoney.discounts.percentValue'), {
            inputMode: 'numeric',
            required: true,
          })
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {field('amountIrr', 'amount_irr', t('adminMoney.discounts.amountIrr'), {
              inputMode: 'numeric',
              hint: t('adminMoney.discounts.fixedHint'),
            })}
            {field('amountUsd', 'amount_usd', t('adminMoney.discounts.amountUsd'), { inputMode: 'decimal' })}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('validFrom', 'valid_from', t('adminMoney.discounts.validFrom'), { type: 'datetime-local' })}
          {field('validUntil', 'valid_until', t('adminMoney.discounts.validUntil'), {
            type: 'datetime-local',
          })}
          {field('maxUses', 'max_uses', t('adminMoney.discounts.maxUses'), {
            inputMode: 'numeric',
            hint: t('adminMoney.discounts.limitHint'),
          })}
          {field('maxUsesPerUser', 'max_uses_per_user', t('adminMoney.discounts.maxUsesPerUser'), {
            inputMode: 'numeric',
            hint: t('adminMoney.discounts.limitHint'),
          })}
        </div>
        <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-scope-hint`}>
          <legend className="font-bold">{t('adminMoney.discounts.scope')}</legend>
          <p id={`${id}-scope-hint`} className="text-sm text-ink-muted">
            {t('adminMoney.discounts.scopeHint')}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {scopes.map((type) => (
              <label key={type} className="flex min-h-6 items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.types.includes(type)}
                  onChange={(event) =>
                    setDraft((now) => ({
                      ...now,
                      types: event.target.checked
                        ? [...now.types, type]
                        : now.types.filter((x) => x !== type),
                    }))
                  }
                  className="size-6 shrink-0"
                />
                {t(`commerce.types.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {field('productIds', 'product_ids', t('adminMoney.discounts.productIds'))}
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t('adminMoney.discounts.create')}
        </button>
      </form>
    </section>
  );
}

function Uses({ api, code, locale }: { api: Api; code: StaffDiscount; locale: Locale }) {
  const { t } = useTranslation();
  const { list: uses, setPage } = usePagedStaffList<DiscountUses>(api, `/staff/discounts/${code.id}/uses`);
  if (!uses) return <p className="text-ink-muted">{t('adminMoney.loading')}</p>;
  if (uses.uses.length === 0) return <p>{t('adminMoney.discounts.noUses')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y divide-line rounded-xl border border-line" data-uses>
        {uses.uses.map((use) => (
          <li key={use.payment_id} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
            <span>
              <bdi className="font-bold">{use.viewer.name}</bdi>
              {use.viewer.phone && (
                <span dir="ltr" className="ms-2 text-sm text-ink-muted">
                  {localDigits(use.viewer.phone, locale)}
                </span>
              )}
              <span className="block text-sm text-ink-muted">
                {t('adminMoney.discounts.usePayment', { id: localDigits(use.payment_id, locale) })} ·{' '}
                <time dateTime={use.at}>{formatDate(use.at, locale, longDateTime)}</time>
              </span>
            </span>
            <span className="flex flex-col items-end">
              <Money amount={use.discount} currency={use.currency} locale={locale} />
              <span className="text-sm">{t(`adminMoney.discounts.useStatus.${use.status}`)}</span>
            </span>
          </li>
        ))}
      </ul>
      <Pager page={uses.page} hasMore={uses.has_more} onPage={setPage} />
    </div>
  );
}

function CodeCard({
  code,
  api,
  locale,
  onChange,
}: {
  code: StaffDiscount;
  api: Api;
  locale: Locale;
  onChange: (code: StaffDiscount) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [showUses, setShowUses] = useState(false);
  const [limit, setLimit] = useState(code.max_uses === null ? '' : String(code.max_uses));
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function update(body: DiscountUpdate, done: string) {
    try {
      const updated = await api<StaffDiscount>(`/staff/discounts/${code.id}`, { method: 'PATCH', body });
      setErrors({});
      toast.success(t(done, { code: code.code }));
      onChange(updated);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  }

  const value =
    code.kind === 'percent'
      ? formatNumber((code.percent ?? 0) / 100, locale, { style: 'percent' })
      : [
          code.amount_irr !== null && formatMoney(code.amount_irr, 'IRR', locale),
          code.amount_usd !== null && formatMoney(code.amount_usd, 'USD', locale),
        ]
          .filter(Boolean)
          .join(' / ');
  const when = (at: string | null, none: string) => (at ? formatDate(at, locale, longDateTime) : none);
  return (
    <li className="flex flex-col gap-3 p-4" data-code={code.code}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">
          <bdi dir="ltr">{code.code}</bdi>
        </h3>
        <span
          className="rounded-full border border-line px-3 text-sm"
          data-code-state={code.active ? 'active' : 'paused'}
        >
          {t(code.active ? 'adminMoney.discounts.active' : 'adminMoney.discounts.paused')}
        </span>
      </div>
      <p>
        <bdi>{t('adminMoney.discounts.off', { value })}</bdi>
        {code.payment_types.length > 0 &&
          ` · ${code.payment_types.map((type) => t(`commerce.types.${type}`)).join(t('admin.listSeparator'))}`}
      </p>
      <p className="text-sm text-ink-muted">
        {t('adminMoney.discounts.window', {
          from: when(code.valid_from, t('adminMoney.discounts.now')),
          until: when(code.valid_until, t('adminMoney.discounts.open')),
        })}
      </p>
      <p data-code-uses>
        {code.max_uses === null
          ? t('adminMoney.discounts.usesUnlimited', { used: localDigits(code.used_count, locale) })
          : t('adminMoney.discounts.uses', {
              used: localDigits(code.used_count, locale),
              max: localDigits(code.max_uses, locale),
            })}
        {code.max_uses_per_user !== null &&
          ` · ${t('adminMoney.discounts.perUser', { max: localDigits(code.max_uses_per_user, locale) })}`}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <button
          type="button"
          className="button-secondary"
          onClick={() =>
            void update(
              { active: !code.active },
              code.active ? 'adminMoney.discounts.pausedDone' : 'adminMoney.discounts.resumedDone',
            )
          }
        >
          {t(code.active ? 'adminMoney.discounts.pause' : 'adminMoney.discounts.resume')}
        </button>
        <form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void update({ max_uses: whole(limit) }, 'adminMoney.discounts.limitSaved');
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-limit`} className="font-bold">
              {t('adminMoney.discounts.newLimit')}
            </label>
            <input
              id={`${id}-limit`}
              inputMode="numeric"
              dir="ltr"
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              aria-invalid={errors['max_uses'] ? true : undefined}
              aria-describedby={`${id}-limit-error`}
              className={`${controlClass} w-32`}
            />
          </div>
          <button type="submit" className="button-secondary">
            {t('adminMoney.discounts.saveLimit')}
          </button>
        </form>
        <button
          type="button"
          className="button-secondary"
          aria-expanded={showUses}
          onClick={() => setShowUses((now) => !now)}
        >
          {t(showUses ? 'adminMoney.discounts.hideUses' : 'adminMoney.discounts.showUses')}
        </button>
      </div>
      <p id={`${id}-limit-error`} role="alert" className="text-sm font-bold text-accent empty:hidden">
        {errors['max_uses']?.join(' ') ?? ''}
      </p>
      {showUses && <Uses api={api} code={code} locale={locale} />}
    </li>
  );
}

function DiscountsSection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);

  // Bumped after a code is created so the list shows it.
  const [version, setVersion] = useState(0);

  const query = new URLSearchParams({ page: String(page), ...(q ? { q } : {}) });
  const [list, setList] = useStaffList<StaffDiscounts>(api, `/staff/discounts?${query}`, version);

  const replace = (code: StaffDiscount) =>
    setList((now) => now && { ...now, codes: now.codes.map((c) => (c.id === code.id ? code : c)) });

  return (
    <div className="flex flex-col gap-8" data-admin-discounts>
      <CreateForm api={api} onCreated={() => setVersion((now) => now + 1)} />
      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-3">
        <h2 id={`${id}-list`} className="text-xl font-bold">
          {t('adminMoney.discounts.listTitle')}
        </h2>
        <form
          role="search"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(typed.trim());
            setPage(1);
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-q`} className="font-bold">
              {t('adminMoney.discounts.filter')}
            </label>
            <input
              id={`${id}-q`}
              dir="ltr"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className={controlClass}
            />
          </div>
          <button type="submit" className="button-secondary">
            {t('adminMoney.payments.search')}
          </button>
        </form>
        {!list ? (
          <p className="text-ink-muted">{t('adminMoney.loading')}</p>
        ) : list.codes.length === 0 ? (
          <p>{t('adminMoney.discounts.none')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line">
            {list.codes.map((code) => (
              <CodeCard key={code.id} code={code} api={api} locale={locale} onChange={replace} />
            ))}
          </ul>
        )}
        {list && <Pager page={list.page} hasMore={list.has_more} onPage={setPage} />}
      </section>
    </div>
  );
}

/** /admin/discounts (issue 17): create discount codes, limit, pause and resume them, see their uses. */
export default function AdminDiscounts({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="discounts">
      {() => <DiscountsSection locale={locale} />}
    </AdminIsland>
  );
}
