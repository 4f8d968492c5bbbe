import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { ProductKind } from '~/shared/catalog-constants';
import type { CatalogueOptions, StaffTitle } from '~/shared/staff-catalogue';
import { Check, controlClass, Field, Group, type FieldErrors } from './catalogue-controls';
import { fieldLabelParts, type TitleForm } from './catalogue-form';
import type { SetField, TitleControls } from './catalogue-title-fields';

const SOLD_BY_SUBSCRIPTION: readonly ProductKind[] = ['film', 'series', 'music'];

/** What every group of the title form is given: the form, its setter and its text controls. */
interface GroupProps {
  form: TitleForm;
  set: SetField;
  controls: TitleControls;
}

const named = (item: { name: string; en_name: string }, locale: Locale) =>
  locale === 'fa' ? item.name : item.en_name;
const toggle = (list: string[], value: string, on: boolean) =>
  on ? [...list, value] : list.filter((item) => item !== value);

/** The server's messages, listed at the top of the form (focused, each with the field's name). */
export function TitleErrors({
  errors,
  locale,
  summaryRef,
}: {
  errors: FieldErrors;
  locale: Locale;
  summaryRef: (element: HTMLDivElement | null) => void;
}) {
  const { t } = useTranslation();
  const fieldName = (path: string) =>
    fieldLabelParts(path)
      .map((part) =>
        t(`adminCatalogue.${part.key}`, part.number ? { number: localDigits(part.number, locale) } : {}),
      )
      .join(' › ');
  if (Object.keys(errors).length === 0) return null;
  return (
    <div ref={summaryRef} tabIndex={-1} role="alert" className="rounded-2xl border-2 border-accent p-4">
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
  );
}

/** Names, synopses, address and category, in both languages. */
export function TitleTexts({
  form,
  set,
  controls: { text },
  options,
  errors,
  locale,
}: GroupProps & { options: CatalogueOptions; errors: FieldErrors; locale: Locale }) {
  const { t } = useTranslation();
  return (
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
                  {named(category, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </Group>
  );
}

/** Release, length, country, age rating, subtitles and genres. */
export function TitleFacts({
  form,
  set,
  controls: { text },
  options,
  errors,
  locale,
}: GroupProps & { options: CatalogueOptions; errors: FieldErrors; locale: Locale }) {
  const { t } = useTranslation();
  return (
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
            label={named(genre, locale)}
            checked={form.genres.includes(genre.slug)}
            onChange={(on) => set('genres', toggle(form.genres, genre.slug, on))}
          />
        ))}
      </fieldset>
    </Group>
  );
}

/** Where and when the title can be watched (a screening's own start and end too). */
export function TitleAvailability({ form, controls: { text, moment } }: Omit<GroupProps, 'set'>) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Free, in the subscription, sold on its own, and its prices. */
export function TitleSale({
  form,
  set,
  controls: { text },
  title,
}: GroupProps & { title: StaffTitle | null }) {
  const { t } = useTranslation();
  return (
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
  );
}
