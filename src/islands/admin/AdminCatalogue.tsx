import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { browserApi } from '~/islands/shared/api';
import { productKinds, type ProductKind } from '~/shared/catalog-constants';
import type { StaffTitlePage } from '~/shared/staff-catalogue';
import { AdminIsland } from './AdminIsland';
import { CatalogueTitleEditor } from './CatalogueTitleEditor';

/**
 * /admin/catalogue: find a title or start a new one of any kind, then edit it with its artwork and video
 * (CatalogueTitleEditor). The title being edited is in the address (`?title=12`, `?new=film`), so a
 * reload or a shared link opens it again.
 */
export default function AdminCatalogue({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="catalogue">
      {() => <CatalogueSection locale={locale} />}
    </AdminIsland>
  );
}

type View = { mode: 'list' } | { mode: 'new'; kind: ProductKind } | { mode: 'edit'; id: number };

function viewFromAddress(): View {
  const params = new URLSearchParams(window.location.search);
  const id = Number(params.get('title'));
  if (Number.isInteger(id) && id > 0) return { mode: 'edit', id };
  const kind = params.get('new');
  if ((productKinds as readonly string[]).includes(kind ?? ''))
    return { mode: 'new', kind: kind as ProductKind };
  return { mode: 'list' };
}

function addressOf(view: View): string {
  const query = view.mode === 'edit' ? `?title=${view.id}` : view.mode === 'new' ? `?new=${view.kind}` : '';
  return `${window.location.pathname}${query}`;
}

function CatalogueSection({ locale }: { locale: Locale }) {
  // The gate renders this only in the browser, once the stored login is known.
  const [view, setView] = useState<View>(viewFromAddress);
  useEffect(() => {
    const onBack = () => setView(viewFromAddress());
    window.addEventListener('popstate', onBack);
    return () => window.removeEventListener('popstate', onBack);
  }, []);
  const go = (next: View) => {
    window.history.pushState(null, '', addressOf(next));
    setView(next);
    window.scrollTo({ top: 0 });
  };
  if (view.mode === 'list') return <TitleList locale={locale} onOpen={go} />;
  return (
    <CatalogueTitleEditor
      key={view.mode === 'edit' ? `edit-${view.id}` : `new-${view.kind}`}
      locale={locale}
      id={view.mode === 'edit' ? view.id : null}
      kind={view.mode === 'new' ? view.kind : null}
      onCreated={(id) => {
        window.history.replaceState(null, '', addressOf({ mode: 'edit', id }));
        setView({ mode: 'edit', id });
      }}
      onBack={() => go({ mode: 'list' })}
    />
  );
}

function TitleList({ locale, onOpen }: { locale: Locale; onOpen: (view: View) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ q: '', kind: '' });
  const [asked, setAsked] = useState({ q: '', kind: '', page: 1 });
  const [page, setPage] = useState<StaffTitlePage | null>(null);
  const [newKind, setNewKind] = useState<ProductKind>('film');

  useEffect(() => {
    const controller = new AbortController();
    const params: Record<string, string | number> = { page: asked.page };
    if (asked.q) params['q'] = asked.q;
    if (asked.kind) params['kind'] = asked.kind;
    browserApi(locale)<StaffTitlePage>('/staff/catalogue/titles', {
      query: params,
      signal: controller.signal,
    })
      .then(setPage)
      .catch(() => undefined);
    return () => controller.abort();
  }, [locale, asked]);

  const search = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAsked({ ...query, page: 1 });
  };

  return (
    <div className="flex flex-col gap-6" data-admin-catalogue>
      <section
        aria-labelledby="catalogue-new"
        className="flex flex-col gap-3 rounded-2xl border border-line p-4"
      >
        <h2 id="catalogue-new" className="text-lg font-bold">
          {t('adminCatalogue.newTitle')}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="catalogue-new-kind" className="font-bold">
              {t('adminCatalogue.fields.kind')}
            </label>
            <select
              id="catalogue-new-kind"
              value={newKind}
              onChange={(event) => setNewKind(event.target.value as ProductKind)}
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
            >
              {productKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`adminCatalogue.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button-primary min-h-11"
            onClick={() => onOpen({ mode: 'new', kind: newKind })}
          >
            {t('adminCatalogue.create')}
          </button>
        </div>
      </section>

      <section aria-labelledby="catalogue-titles" className="flex flex-col gap-3">
        <h2 id="catalogue-titles" className="text-lg font-bold">
          {t('adminCatalogue.titles')}
        </h2>
        <form role="search" onSubmit={search} className="grid items-end gap-3 sm:grid-cols-[1fr_auto_auto]">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="catalogue-q" className="font-bold">
              {t('adminCatalogue.search')}
            </label>
            <input
              id="catalogue-q"
              type="search"
              value={query.q}
              onChange={(event) => setQuery({ ...query, q: event.target.value })}
              className="min-h-11 w-full rounded-lg border border-line bg-surface px-3"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="catalogue-kind" className="font-bold">
              {t('adminCatalogue.fields.kind')}
            </label>
            <select
              id="catalogue-kind"
              value={query.kind}
              onChange={(event) => setQuery({ ...query, kind: event.target.value })}
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
            >
              <option value="">{t('adminCatalogue.allKinds')}</option>
              {productKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`adminCatalogue.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button-secondary min-h-11">
            {t('adminCatalogue.find')}
          </button>
        </form>
        {page && page.titles.length === 0 && <p role="status">{t('adminCatalogue.noTitles')}</p>}
        <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line" data-title-list>
          {page?.titles.map((title) => (
            <li key={title.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-bold">
                  <bdi>{locale === 'fa' ? title.title : title.en_title}</bdi>
                </span>
                <span className="text-sm text-ink-muted">
                  {t(`adminCatalogue.kinds.${title.kind}`)} · {localDigits(title.id, locale)} ·{' '}
                  {title.playable ? t('adminCatalogue.playable') : t('adminCatalogue.noVideo')}
                </span>
              </div>
              <button
                type="button"
                className="button-secondary min-h-11"
                onClick={() => onOpen({ mode: 'edit', id: title.id })}
              >
                {t('adminCatalogue.edit')}
                <span className="sr-only">
                  {' '}
                  <bdi>{locale === 'fa' ? title.title : title.en_title}</bdi>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {page && (asked.page > 1 || page.has_more) && (
          <nav aria-label={t('adminCatalogue.pages')} className="flex gap-3">
            <button
              type="button"
              className="button-secondary min-h-11"
              disabled={asked.page === 1}
              onClick={() => setAsked({ ...asked, page: asked.page - 1 })}
            >
              {t('adminCatalogue.previous')}
            </button>
            <button
              type="button"
              className="button-secondary min-h-11"
              disabled={!page.has_more}
              onClick={() => setAsked({ ...asked, page: asked.page + 1 })}
            >
              {t('adminCatalogue.next')}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
