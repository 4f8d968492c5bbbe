import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrorsOf, type ApiErrorBody } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import { browserApi } from '~/islands/shared/api';
import type { ProductKind } from '~/shared/catalog-constants';
import type { CatalogueOptions, StaffTitle, TitleAnswer } from '~/shared/staff-catalogue';
import { CatalogueAward } from './CatalogueAward';
import { CatalogueCafeSessions } from './CatalogueCafeSessions';
import { CatalogueCredits } from './CatalogueCredits';
import { CatalogueMedia } from './CatalogueMedia';
import { CatalogueSeasons } from './CatalogueSeasons';
import { Group, type FieldErrors } from './catalogue-controls';
import { emptyForm, formOf, inputOf, type TitleForm } from './catalogue-form';
import { titleControls } from './catalogue-title-fields';
import { TitleAvailability, TitleErrors, TitleFacts, TitleSale, TitleTexts } from './CatalogueTitleGroups';

/**
 * The title form: every field of every kind in both languages, then (once the title exists) its
 * artwork and video. The server checks everything; its field messages are listed at the top (focused,
 * each with the field's name) and beside each control they name.
 */

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
  const controls = titleControls(form, errors, set, locale);
  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await browserApi(locale, { quiet: true })<TitleAnswer>(
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
      const message = (error as { data?: ApiErrorBody }).data?.message;
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
        <TitleErrors errors={errors} locale={locale} summaryRef={setSummary} />
        <TitleTexts
          form={form}
          set={set}
          controls={controls}
          options={options}
          errors={errors}
          locale={locale}
        />
        <TitleFacts
          form={form}
          set={set}
          controls={controls}
          options={options}
          errors={errors}
          locale={locale}
        />

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
            {controls.text('programme', t('adminCatalogue.fields.programme'), {
              dir: 'ltr',
              hint: t('adminCatalogue.hints.programme'),
            })}
          </Group>
        )}

        <TitleAvailability form={form} controls={controls} />
        <TitleSale form={form} set={set} controls={controls} title={title} />

        <button type="submit" className="button-primary min-h-11 self-start" disabled={busy} data-save-title>
          {id === null ? t('adminCatalogue.create') : t('adminCatalogue.save')}
        </button>
      </form>

      {title && <CatalogueMedia locale={locale} title={title} onChanged={setTitle} />}
      {title && title.kind !== 'festival' && <CatalogueCafeSessions locale={locale} titleId={title.id} />}
      {title?.kind === 'festival' && <CatalogueAward locale={locale} festivalId={title.id} />}
    </div>
  );
}
