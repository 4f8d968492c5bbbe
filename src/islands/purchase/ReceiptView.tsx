import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessagesOf } from '~/lib/api';
import { localPath, type Locale } from '~/lib/locale';
import { receiptView, type ReceiptField } from '~/lib/receipt-view';
import type { Receipt } from '~/shared/receipts';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';

/**
 * A paid payment's receipt (decision record 0042), for its buyer (/account/purchases/<id>/receipt) or
 * finance staff (/admin/payments/<id>/receipt): the texts of lib/receipt-view.ts, the same the PDF and
 * the e-mail use. It prints on A4 by itself (the page's print styles leave only the receipt), and the
 * PDF made on the server is downloaded with the session's token.
 */

type Source = 'buyer' | 'staff';

const endpoint = (source: Source, id: number) =>
  source === 'staff' ? `/staff/payments/${id}/receipt` : `/me/orders/${id}/receipt`;

function Fields({ fields, className = '' }: { fields: ReceiptField[]; className?: string }) {
  return (
    <dl className={`grid gap-0.5 ${className}`}>
      {fields.map((field) => (
        <div key={field.key} className="flex flex-wrap gap-x-1" data-field={field.key}>
          <dt className="text-ink-muted print:text-neutral-600">{field.label}:</dt>
          <dd>{field.ltr ? <bdi dir="ltr">{field.value}</bdi> : <bdi>{field.value}</bdi>}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReceiptSheet({ receipt, locale }: { receipt: Receipt; locale: Locale }) {
  const view = receiptView(receipt, locale);
  const amount = 'whitespace-nowrap text-end';
  return (
    <article
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 text-sm sm:p-8 sm:text-base print:rounded-none print:border-0 print:bg-white print:p-0 print:text-[10.5pt] print:text-black"
      data-receipt={receipt.id}
      aria-labelledby="receipt-heading"
    >
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:justify-between print:flex-row print:justify-between">
        <div className="flex flex-col gap-1" data-seller>
          <p className="text-xs text-ink-muted print:text-neutral-600">{view.sellerHeading}</p>
          <p className="text-lg font-extrabold">
            <bdi>{view.seller.name}</bdi>
          </p>
          <Fields fields={view.seller.fields} className="text-xs sm:text-sm print:text-[9pt]" />
        </div>
        <div className="flex flex-col gap-1 sm:items-end sm:text-end print:items-end print:text-end">
          <h1 id="receipt-heading" className="text-xl font-extrabold sm:text-2xl">
            {view.heading}
          </h1>
          <Fields fields={view.facts} className="text-xs sm:text-sm print:text-[9pt]" />
        </div>
      </div>
      <section aria-labelledby="receipt-buyer" className="border-t border-line pt-4 print:border-neutral-400">
        <h2 id="receipt-buyer" className="font-bold">
          {view.buyerHeading}
        </h2>
        <Fields fields={view.buyer} className="mt-1" />
      </section>
      <table className="w-full border-collapse" data-receipt-lines>
        <thead>
          <tr className="border-b border-line text-start text-xs text-ink-muted print:border-neutral-400 print:text-neutral-600">
            <th scope="col" className="py-2 text-start font-bold">
              {view.columns.item}
            </th>
            <th scope="col" className="hidden px-2 py-2 text-end font-bold sm:table-cell print:table-cell">
              {view.columns.quantity}
            </th>
            <th scope="col" className="hidden px-2 py-2 text-end font-bold sm:table-cell print:table-cell">
              {view.columns.unitPrice}
            </th>
            <th scope="col" className="py-2 text-end font-bold">
              {view.columns.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line, index) => (
            <tr
              key={index}
              className="border-b border-line align-top print:border-neutral-300"
              data-receipt-line
            >
              <td className="py-2 pe-2">
                <bdi className="font-bold">{line.title}</bdi>
                {line.detail && (
                  <span className="block text-xs text-ink-muted print:text-neutral-600">
                    <bdi>{line.detail}</bdi>
                  </span>
                )}
                <span className="block text-xs text-ink-muted sm:hidden print:hidden">
                  <bdi>{line.quantity}</bdi> × <bdi>{line.unitPrice}</bdi>
                </span>
              </td>
              <td className="hidden px-2 py-2 text-end sm:table-cell print:table-cell">{line.quantity}</td>
              <td className={`hidden px-2 py-2 sm:table-cell print:table-cell ${amount}`}>
                <bdi>{line.unitPrice}</bdi>
              </td>
              <td className={`py-2 ${amount}`}>
                <bdi>{line.amount}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="flex flex-col gap-1 sm:ms-auto sm:w-80 print:ms-auto print:w-[60%]" data-receipt-totals>
        {view.totals.map((total) => (
          <div
            key={total.key}
            className={`flex justify-between gap-4 ${total.key === view.grandTotal ? 'border-t border-line pt-1 text-lg font-extrabold print:border-neutral-400' : ''}`}
            data-total={total.key}
          >
            <dt>{total.label}</dt>
            <dd className={amount}>
              <bdi dir={locale === 'fa' ? 'rtl' : 'ltr'}>{total.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <Fields
        fields={view.payment}
        className="text-xs text-ink-muted sm:text-sm print:text-[9pt] print:text-neutral-700"
      />
      <p className="text-xs text-ink-muted print:text-neutral-600">{view.timeZone}</p>
    </article>
  );
}

function ReceiptLoader({ locale, id, source }: { locale: Locale; id: number; source: Source }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api<Receipt>(endpoint(source, id), { signal: controller.signal }).then(setReceipt, (failure: unknown) => {
      if (!controller.signal.aborted)
        setError(errorMessagesOf((failure as { data?: unknown }).data, locale)[0]!);
    });
    return () => controller.abort();
  }, [api, id, source, locale]);

  async function download() {
    setDownloading(true);
    try {
      const pdf = await api(`${endpoint(source, id)}/pdf`, { responseType: 'blob' });
      const url = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = url;
      link.download = `receipt-${id}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setError(errorMessagesOf((failure as { data?: unknown }).data, locale)[0]!);
    } finally {
      setDownloading(false);
    }
  }

  if (error) {
    return (
      <p role="alert" className="rounded-2xl border border-line p-4" data-receipt-error>
        {error}
      </p>
    );
  }
  if (!receipt) return <p className="text-ink-muted">{t('commerce.receipt.loading')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="button-primary" onClick={() => window.print()}>
          {t('commerce.receipt.print')}
        </button>
        <button type="button" className="button-secondary" onClick={download} disabled={downloading}>
          {t('commerce.receipt.pdf')}
        </button>
        {source === 'buyer' && (
          <a href={localPath('/account/purchases', locale)} className="button-secondary">
            {t('commerce.receipt.back')}
          </a>
        )}
      </div>
      <ReceiptSheet receipt={receipt} locale={locale} />
    </div>
  );
}

export default function ReceiptView({ locale, id, source }: { locale: Locale; id: number; source: Source }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <ReceiptLoader locale={locale} id={id} source={source} />}</RequireLogin>
    </IslandRoot>
  );
}
