import { useCallback, useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { fieldErrorsOf } from '~/lib/api';
import { toLatinDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { shopCategories, type ShopCategory } from '~/shared/shop-constants';
import type {
  StaffGoods,
  StaffGoodsList,
  StaffGoodsResponse,
  StaffVariant,
  StockChanged,
} from '~/shared/staff-shop';
import { AdminIsland } from './AdminIsland';

/**
 * /admin/goods: the shop's goods, sold or not, with their bilingual fields, each variant's prices in
 * both currencies and its stock. A stock edit sends the count the form was opened with; when a sale
 * changed it meanwhile the server refuses (409) and the form shows the new count to check again.
 */
export default function AdminGoods({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="goods">
      {() => <Goods locale={locale} />}
    </AdminIsland>
  );
}

type Errors = Record<string, string[]>;
interface ProductForm {
  slug: string;
  category: ShopCategory;
  title_fa: string;
  title_en: string;
  description_fa: string;
  description_en: string;
  active: boolean;
}

interface VariantForm {
  label_fa: string;
  label_en: string;
  price_irr: string;
  price_usd: string;
  stock: string;
}

const emptyProduct: ProductForm = {
  slug: '',
  category: 'poster',
  title_fa: '',
  title_en: '',
  description_fa: '',
  description_en: '',
  active: true,
};
const emptyVariant: VariantForm = { label_fa: '', label_en: '', price_irr: '', price_usd: '', stock: '0' };

function variantForm(variant: StaffVariant): VariantForm {
  return {
    label_fa: variant.label_fa ?? '',
    label_en: variant.label_en ?? '',
    price_irr: String(variant.price_irr),
    price_usd: String(variant.price_usd),
    stock: String(variant.stock),
  };
}

/** Numbers as typed (Persian digits included); what is not a number is sent as it is, for the server to name. */
function numberOf(typed: string): number | string {
  const ascii = toLatinDigits(typed).trim();
  return /^\d+$/.test(ascii) ? Number(ascii) : typed;
}

function variantBody(form: VariantForm) {
  return {
    label_fa: form.label_fa,
    label_en: form.label_en,
    price_irr: numberOf(form.price_irr),
    price_usd: numberOf(form.price_usd),
    stock: numberOf(form.stock),
  };
}

function Goods({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [q, setQ] = useState('');
  const [list, setList] = useState<StaffGoodsList | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const load = useCallback(
    (query: string) => {
      const params = new URLSearchParams(query ? { q: query } : {});
      api<StaffGoodsList>(`/staff/shop/goods?${params}`).then(setList, () => {});
    },
    [api],
  );
  useEffect(() => load(''), [load]);

  const saved = ({ goods, message }: StaffGoodsResponse) => {
    setAnnouncement(message);
    setList((shown) => {
      if (!shown) return shown;
      const known = shown.goods.some((row) => row.id === goods.id);
      return {
        ...shown,
        goods: known
          ? shown.goods.map((row) => (row.id === goods.id ? goods : row))
          : [goods, ...shown.goods],
      };
    });
  };

  return (
    <div className="flex flex-col gap-6" data-admin-goods>
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          load(q.trim());
        }}
      >
        <div className="min-w-0 flex-1 basis-56">
          <TextField
            idPrefix="goods"
            name="q"
            type="search"
            label={t('consoleShop.goods.search')}
            value={q}
            onValue={setQ}
            errors={undefined}
          />
        </div>
        <button type="submit" className="button-primary min-h-11">
          {t('consoleShop.goods.find')}
        </button>
      </form>
      <p role="status" className="font-bold empty:hidden">
        {announcement}
      </p>
      <details className="rounded-2xl border border-line p-4">
        <summary className="min-h-11 cursor-pointer py-2 font-bold">{t('consoleShop.goods.new')}</summary>
        <NewGoods locale={locale} onSaved={saved} />
      </details>
      {!list ? (
        <p className="text-ink-muted">{t('account.loading')}</p>
      ) : list.goods.length === 0 ? (
        <p>{t('consoleShop.goods.none')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.goods.map((goods) => (
            <GoodsCard key={goods.id} goods={goods} locale={locale} onSaved={saved} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ProductFields({
  prefix,
  form,
  errors,
  onChange,
}: {
  prefix: string;
  form: ProductForm;
  errors: Errors;
  onChange: (form: ProductForm) => void;
}) {
  const { t } = useTranslation();
  const text = (name: Exclude<keyof ProductForm, 'active' | 'category'>, multiline = false) => (
    <TextField
      idPrefix={prefix}
      name={name}
      label={t(`consoleShop.goods.fields.${name}`)}
      value={form[name]}
      onValue={(value) => onChange({ ...form, [name]: value })}
      errors={errors[name]}
      multiline={multiline}
      dir={name.endsWith('_fa') ? 'rtl' : 'ltr'}
      required
    />
  );
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {text('title_fa')}
      {text('title_en')}
      {text('description_fa', true)}
      {text('description_en', true)}
      {text('slug')}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-category`} className="font-bold">
          {t('consoleShop.goods.fields.category')}
        </label>
        <select
          id={`${prefix}-category`}
          value={form.category}
          onChange={(event) => onChange({ ...form, category: event.target.value as ShopCategory })}
          className="min-h-11 rounded-lg border border-line bg-surface px-3"
        >
          {shopCategories.map((category) => (
            <option key={category} value={category}>
              {t(`shop.categories.${category}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="size-6"
          checked={form.active}
          onChange={(event) => onChange({ ...form, active: event.target.checked })}
        />
        {t('consoleShop.goods.fields.active')}
      </label>
    </div>
  );
}

function VariantFields({
  prefix,
  form,
  errors,
  onChange,
}: {
  prefix: string;
  form: VariantForm;
  errors: Errors;
  onChange: (form: VariantForm) => void;
}) {
  const { t } = useTranslation();
  const field = (name: keyof VariantForm) => (
    <TextField
      idPrefix={prefix}
      name={name}
      label={t(`consoleShop.goods.fields.${name}`)}
      value={form[name]}
      onValue={(value) => onChange({ ...form, [name]: value })}
      errors={errors[name]}
      inputMode={name.startsWith('label') ? undefined : 'numeric'}
      dir={name === 'label_fa' ? 'rtl' : 'ltr'}
    />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {field('label_fa')}
      {field('label_en')}
      {field('price_irr')}
      {field('price_usd')}
      {field('stock')}
    </div>
  );
}

function NewGoods({ locale, onSaved }: { locale: Locale; onSaved: (saved: StaffGoodsResponse) => void }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [product, setProduct] = useState(emptyProduct);
  const [variant, setVariant] = useState(emptyVariant);
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...product, variants: [variantBody(variant)] };
    api<StaffGoodsResponse>('/staff/shop/goods', { method: 'POST', body }).then(
      (answer) => {
        setErrors({});
        setProduct(emptyProduct);
        setVariant(emptyVariant);
        onSaved(answer);
      },
      (error: unknown) => setErrors(withoutPrefix(fieldErrorsOf(error), 'variants.0.')),
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-4">
      <ProductFields prefix="new-goods" form={product} errors={errors} onChange={setProduct} />
      <VariantFields prefix="new-variant" form={variant} errors={errors} onChange={setVariant} />
      <button type="submit" className="button-primary min-h-11 self-start">
        {t('consoleShop.goods.create')}
      </button>
    </form>
  );
}

/** The first variant's field errors come as `variants.0.price_irr`; its form names them `price_irr`. */
function withoutPrefix(errors: Errors, prefix: string): Errors {
  return Object.fromEntries(Object.entries(errors).map(([key, value]) => [key.replace(prefix, ''), value]));
}

function GoodsCard({
  goods,
  locale,
  onSaved,
}: {
  goods: StaffGoods;
  locale: Locale;
  onSaved: (saved: StaffGoodsResponse) => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const { id, variants, ...fields } = goods;
  const [product, setProduct] = useState<ProductForm>(fields);
  const [errors, setErrors] = useState<Errors>({});
  const [adding, setAdding] = useState(emptyVariant);
  const [addErrors, setAddErrors] = useState<Errors>({});
  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    api<StaffGoodsResponse>(`/staff/shop/goods/${id}`, { method: 'PUT', body: product }).then(
      (answer) => {
        setErrors({});
        onSaved(answer);
      },
      (error: unknown) => setErrors(fieldErrorsOf(error)),
    );
  };
  const add = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    api<StaffGoodsResponse>(`/staff/shop/goods/${id}/variants`, {
      method: 'POST',
      body: variantBody(adding),
    }).then(
      (answer) => {
        setAddErrors({});
        setAdding(emptyVariant);
        onSaved(answer);
      },
      (error: unknown) => setAddErrors(fieldErrorsOf(error)),
    );
  };
  const title = locale === 'fa' ? goods.title_fa : goods.title_en;
  const stock = variants.reduce((sum, variant) => sum + variant.stock, 0);
  return (
    <li className="rounded-2xl border border-line p-4" data-staff-goods={id}>
      <details>
        <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 py-2">
          <span className="font-bold">{title}</span>
          <bdi dir="ltr" className="text-ink-muted">
            {goods.slug}
          </bdi>
          {!goods.active && <span className="text-accent">{t('consoleShop.goods.off')}</span>}
          <span className="text-ink-muted">{t('consoleShop.goods.inStock', { count: stock })}</span>
        </summary>
        <div className="mt-3 flex flex-col gap-6">
          <form onSubmit={save} className="flex flex-col gap-4" aria-label={t('consoleShop.goods.product')}>
            <ProductFields prefix={`goods-${id}`} form={product} errors={errors} onChange={setProduct} />
            <button type="submit" className="button-primary min-h-11 self-start">
              {t('consoleShop.goods.save')}
            </button>
          </form>
          <section className="flex flex-col gap-4">
            <h3 className="font-bold">{t('consoleShop.goods.variants')}</h3>
            {variants.map((variant) => (
              <VariantEditor key={variant.id} variant={variant} locale={locale} onSaved={onSaved} />
            ))}
            <form
              onSubmit={add}
              className="flex flex-col gap-3"
              aria-label={t('consoleShop.goods.addVariant')}
            >
              <VariantFields
                prefix={`goods-${id}-new`}
                form={adding}
                errors={addErrors}
                onChange={setAdding}
              />
              <button type="submit" className="button-secondary min-h-11 self-start">
                {t('consoleShop.goods.addVariant')}
              </button>
            </form>
          </section>
        </div>
      </details>
    </li>
  );
}

function VariantEditor({
  variant,
  locale,
  onSaved,
}: {
  variant: StaffVariant;
  locale: Locale;
  onSaved: (saved: StaffGoodsResponse) => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [form, setForm] = useState(variantForm(variant));
  const [stockWas, setStockWas] = useState(variant.stock);
  const [errors, setErrors] = useState<Errors>({});
  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...variantBody(form), stock_was: stockWas };
    api<StaffGoodsResponse>(`/staff/shop/variants/${variant.id}`, { method: 'PUT', body }).then(
      (answer) => {
        setErrors({});
        const now = answer.goods.variants.find((row) => row.id === variant.id);
        if (now) setStockWas(now.stock);
        onSaved(answer);
      },
      (error: unknown) => {
        setErrors(fieldErrorsOf(error));
        // A sale changed the count meanwhile: show it, so the next save starts from it.
        const current = (error as { data?: Partial<StockChanged> }).data?.stock;
        if (typeof current === 'number') {
          setStockWas(current);
          setForm((shown) => ({ ...shown, stock: String(current) }));
        }
      },
    );
  };
  const label = (locale === 'fa' ? variant.label_fa : variant.label_en) ?? t('consoleShop.goods.single');
  return (
    <form
      onSubmit={save}
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
      aria-label={label}
      data-variant={variant.id}
    >
      <VariantFields prefix={`variant-${variant.id}`} form={form} errors={errors} onChange={setForm} />
      <p className="text-ink-muted">{t('consoleShop.goods.reserved', { count: variant.reserved })}</p>
      <button type="submit" className="button-secondary min-h-11 self-start">
        {t('consoleShop.goods.saveVariant')}
      </button>
    </form>
  );
}
