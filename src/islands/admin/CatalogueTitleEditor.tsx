import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate, localDigits, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { browserApi } from '~/islands/shared/api';
import type { ProductKind } from '~/shared/catalog-constants';
import type { CatalogueOptions, StaffTitle } from '~/shared/staff-catalogue';
import { CatalogueCafeSessions } from './CatalogueCafeSessions';
import { CatalogueCredits } from './CatalogueCredits';
import { CatalogueMedia } from './CatalogueMedia';
import { CatalogueSeasons } from './CatalogueSeasons';
import { Check, controlClass, Field, Group, type FieldErrors } from './catalogue-controls';
import {
  emptyForm,
  fieldLabelParts,
  formOf,
  fromLocalInput,
  inputOf,
  type TitleForm,
} from './catalogue-form';

/**
 * The title form: every field of every kind in both languages, then (once the title exists) its
 * artwork and video. The server checks everything; its field messages are listed at the top (focused,
 * each with the field's name) and beside each control they name.
 */

type TextField = {
  [K in keyof TitleForm]: TitleForm[K] extends string ? K : never;
}[keyof TitleForm];

interface TextOptions {
  hint?: string | undefined;
  type?: string;
  dir?: 'ltr' | 'rtl';
  multiline?: boolean;
  /** The API's path when it is not the form's name (prices live under `sale`). */
  path?: string;
  inputMode?: 'numeric' | 'decimal';
}

/** What a datetime-local holds, in the reader's calendar (Solar Hijri in Persian), under the control. */
function whenHint(value: string, locale: Locale): string | undefined {
  const iso = fromLocalInput(value);
  if (!iso || Number.isNaN(Date.parse(iso))) return undefined;
  return formatDate(iso, locale, longDateTime);
}

const SOLD_BY_SUBSCRIPTION: readonly ProductKind[] = ['film', 'series', 'music'];

export function CatalogueTitleEditor({
  locale,
  id,
  kind,
  onCreated,
  onBack,
}: {
  locale: Locale;
  id: number | null;
  kind: ProductKind | null;
  onCreated: (id: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<CatalogueOptions | null>(null);
  const [title, setTitle] = useState<StaffTitle | null>(null);
  const [form, setForm] = useState<TitleForm | null>(kind ? emptyForm(kind) : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    const api = browserApi(locale);
    void api<CatalogueOptions>('/staff/catalogue/options').then(setOptions, () => undefined);
    if (id === null) return;
    void api<StaffTitle>(`/staff/catalogue/titles/${id}`).then(
      (loaded) => {
        setTitle(loaded);
        setForm(formOf(loaded));
      },
      () => undefined,
    );
  }, [locale, id]);

  useEffect(() => {
    if (Object.keys(errors).length) summary?.focus();
  }, [errors, summary]);

  if (!form || !options) return <p role="status">{t('adminCatalogue.loading')}</p>;

  const set = <K extends keyof TitleForm>(field: K, value: TitleForm[K]) =>
    setForm({ ...form, [field]: value });
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((item) => item !== value);
  const named = (item: { name: string; en_name: string }) => (locale === 'fa' ? item.name : item.en_name);
  const fieldName = (path: string) =>
    fieldLabelParts(path)
      .map((part) =>
        t(`adminCatalogue.${part.key}`, part.number ? { number: localDigits(part.number, locale) } : {}),
      )
      .join(' › ');

  const text = (field: TextField, label: string, extra: TextOptions = {}) => (
    <Field id={`title-${field}`} name={extra.path ?? field} label={label} errors={errors} hint={extra.hint}>
      {(props) => {
        const shared = {
          ...props,
          name: field,
          dir: extra.dir,
          className: controlClass,
          value: form[field],
        };
        return extra.multiline ? (
          <textarea {...shared} rows={4} onChange={(event) => set(field, event.target.value)} />
        ) : (
          <input
            {...shared}
            type={extra.type ?? 'text'}
            inputMode={extra.inputMode}
            onChange={(event) => set(field, event.target.value)}
          />
        );
      }}
    </Field>
  );
  const moment = (field: TextField, label: string) =>
    text(field, label, { type: 'datetime-local', dir: 'ltr', hint: whenHint(form[field], locale) });

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await browserApi(locale, { quiet: true })<{ message: string; title: StaffTitle }>(
        id === null ? '/staff/catalogue/titles' : `/staff/catalogue/titles/${id}`,
        { method: id === null ? 'POST' : 'PUT', body: inputOf(form) },
      );
      setErrors({});
      toast.success(answer.message);
      setTitle(answer.title);
      setForm(formOf(answer.title));
      if (id === null) onCreated(answer.title.id);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const message = (error as { data?: { message?: string } }).data?.message;
      setErrors(Object.keys(fields).length ? fields : { '': [message ?? t('adminCatalogue.saveFailed')] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-6" data-title-editor>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">
          {title ? (
            <>
              {t(`adminCatalogue.kinds.${form.kind}`)}:{' '}
              <bdi>{locale === 'fa' ? title.title : title.en_title}</bdi>
            </>
          ) : (
            t('adminCatalogue.newOf', { kind: t(`adminCatalogue.kinds.${form.kind}`) })
          )}
        </h2>
        <div className="flex flex-wrap gap-2">
          {title && (
            <a href={title.href} className="button-secondary min-h-11">
              {t('adminCatalogue.viewPage')}
            </a>
          )}
          <button type="button" className="button-secondary min-h-11" onClick={onBack}>
            {t('adminCatalogue.backToList')}
          </button>
        </div>
      </div>

      <form onSubmit={save} noValidate className="flex flex-col gap-4" data-title-form>
        {Object.keys(errors).length > 0 && (
          <div ref={setSummary} tabIndex={-1} role="alert" className="rounded-2xl border-2 border-accent p-4">
            <p className="font-bold">{t('adminCatalogue.fixThese')}</p>
            <ul className="list-inside list-disc">
              {Object.entries(errors).flatMap(([path, messages]) =>
                messages.map((message) => (
                  <li key={`${path}:${message}`}>
                    {path && `${fieldName(path)}: `}
                    {message}
                  </li>
                )),
              )}
            </ul>
          </div>
        )}

        <Group legend={t('adminCatalogue.groups.texts')}>
          <div className="grid gap-3 md:grid-cols-2">
            {text('title', t('adminCatalogue.fields.title'), { dir: 'rtl' })}
            {text('en_title', t('adminCatalogue.fields.enTitle'), { dir: 'ltr' })}
            {text('synopsis', t('adminCatalogue.fields.synopsis'), { dir: 'rtl', multiline: true })}
            {text('en_synopsis', t('adminCatalogue.fields.enSynopsis'), { dir: 'ltr', multiline: true })}
            {text('slug', t('adminCatalogue.fields.slug'), {
              dir: 'ltr',
              hint: t('adminCatalogue.hints.slug'),
            })}
            <Field
              id="title-category"
              name="category"
              label={t('adminCatalogue.fields.category')}
              errors={errors}
            >
              {(props) => (
                <select
                  {...props}
                  name="category"
                  className={controlClass}
                  value={form.category}
                  onChange={(event) => set('category', event.target.value)}
                >
                  {options.categories.map((category) => (
                    <option key={category.slug} value={category.slug}>
                      {named(category)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </Group>

        <Group legend={t('adminCatalogue.groups.facts')}>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {text('release_date', t('adminCatalogue.fields.releaseDate'), { type: 'date', dir: 'ltr' })}
            {text('duration_minutes', t('adminCatalogue.fields.duration'), {
              dir: 'ltr',
              inputMode: 'numeric',
            })}
            {text('country', t('adminCatalogue.fields.country'), {
              dir: 'ltr',
              hint: t('adminCatalogue.hints.country'),
            })}
            <Field
              id="title-age_rating"
              name="age_rating"
              label={t('adminCatalogue.fields.ageRating')}
              errors={errors}
            >
              {(props) => (
                <select
                  {...props}
                  name="age_rating"
                  className={controlClass}
                  value={form.age_rating}
                  onChange={(event) => set('age_rating', event.target.value)}
                >
                  <option value="">{t('adminCatalogue.none')}</option>
                  {options.age_ratings.map((rating) => (
                    <option key={rating} value={rating}>
                      {rating}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <fieldset className="flex flex-wrap gap-x-4">
            <legend className="font-bold">{t('adminCatalogue.fields.subtitles')}</legend>
            {(['fa', 'en'] as const).map((lang) => (
              <Check
                key={lang}
                label={t(`adminCatalogue.languages.${lang}`)}
                checked={form.subtitle_languages.includes(lang)}
                onChange={(on) => set('subtitle_languages', toggle(form.subtitle_languages, lang, on))}
              />
            ))}
          </fieldset>
          <fieldset className="flex flex-wrap gap-x-4">
            <legend className="font-bold">{t('adminCatalogue.fields.genres')}</legend>
            {options.genres.map((genre) => (
              <Check
                key={genre.slug}
                label={named(genre)}
                checked={form.genres.includes(genre.slug)}
                onChange={(on) => set('genres', toggle(form.genres, genre.slug, on))}
              />
            ))}
          </fieldset>
        </Group>

        <CatalogueCredits
          credits={form.credits}
          roles={options.credit_roles}
          errors={errors}
          onChange={(credits) => set('credits', credits)}
        />

        {form.kind === 'series' && (
          <CatalogueSeasons
            locale={locale}
            seasons={form.seasons}
            errors={errors}
            onChange={(seasons) => set('seasons', seasons)}
          />
        )}

        {form.kind === 'festival' && (
          <Group legend={t('adminCatalogue.groups.programme')}>
            {text('programme', t('adminCatalogue.fields.programme'), {
              dir: 'ltr',
              hint: t('adminCatalogue.hints.programme'),
            })}
          </Group>
        )}

        <Group legend={t('adminCatalogue.groups.availability')}>
          {text('regions', t('adminCatalogue.fields.regions'), {
            dir: 'ltr',
            hint: t('adminCatalogue.hints.regions'),
          })}
          <div className="grid gap-3 sm:grid-cols-2">
            {moment('available_from', t('adminCatalogue.fields.availableFrom'))}
            {moment('available_until', t('adminCatalogue.fields.availableUntil'))}
            {form.kind === 'screening' && moment('starts_at', t('adminCatalogue.fields.startsAt'))}
            {form.kind === 'screening' && moment('ends_at', t('adminCatalogue.fields.endsAt'))}
          </div>
        </Group>

        <Group legend={t('adminCatalogue.groups.sale')}>
          {title?.not_on_sale && (
            <p role="note" className="font-bold text-accent" data-not-on-sale>
              {t(`adminCatalogue.notOnSale.${title.not_on_sale}`)}
            </p>
          )}
          <div className="flex flex-wrap gap-x-6">
            <Check
              label={t('adminCatalogue.fields.isFree')}
              checked={form.is_free}
              onChange={(on) => set('is_free', on)}
            />
            {SOLD_BY_SUBSCRIPTION.includes(form.kind) && (
              <>
                <Check
                  label={t('adminCatalogue.fields.inSubscription')}
                  checked={form.in_subscription}
                  onChange={(on) => set('in_subscription', on)}
                />
                <Check
                  label={t('adminCatalogue.fields.purchasable')}
                  checked={form.purchasable}
                  onChange={(on) => set('purchasable', on)}
                />
              </>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {text('price_irr', t('adminCatalogue.fields.priceIrr'), {
              dir: 'ltr',
              inputMode: 'numeric',
              path: 'sale.price_irr',
              hint: t('adminCatalogue.hints.priceIrr'),
            })}
            {text('price_usd', t('adminCatalogue.fields.priceUsd'), {
              dir: 'ltr',
              inputMode: 'decimal',
              path: 'sale.price_usd',
              hint: t('adminCatalogue.hints.priceUsd'),
            })}
          </div>
        </Group>

        <button type="submit" className="button-primary min-h-11 self-start" disabled={busy} data-save-title>
          {id === null ? t('adminCatalogue.create') : t('adminCatalogue.save')}
        </button>
      </form>

      {title && <CatalogueMedia locale={locale} title={title} onChanged={setTitle} />}
      {title && title.kind !== 'festival' && <CatalogueCafeSessions locale={locale} titleId={title.id} />}
    </div>
  );
}
