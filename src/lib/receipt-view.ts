import enReceipt from 'virtual:strings/en/commerce.receipt';
import enTypes from 'virtual:strings/en/commerce.types';
import faReceipt from 'virtual:strings/fa/commerce.receipt';
import faTypes from 'virtual:strings/fa/commerce.types';
import { translatorOf, type Values } from '~/i18n/core';
import type { Receipt } from '~/shared/receipts';
import { localDigits } from './format';
import type { Locale } from './locale';
import { formatMoney } from './money';

/**
 * A receipt as it is read, in one language: every text and amount of the page (ReceiptView island), the
 * PDF (server/commerce/receipt-pdf.ts) and the e-mail comes from here, so the three can never say
 * different things. Amounts are the payment's and the lines' own (formatMoney), never recomputed.
 */

const t = /* @__PURE__ */ translatorOf({
  fa: { commerce: { receipt: faReceipt, types: faTypes } },
  en: { commerce: { receipt: enReceipt, types: enTypes } },
});

/** A label and its value; `ltr` for values written left to right inside Persian (ids, phones, codes). */
export interface ReceiptField {
  key: string;
  label: string;
  value: string;
  ltr?: boolean;
}

export interface ReceiptLineView {
  title: string;
  detail: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export interface ReceiptView {
  dir: 'rtl' | 'ltr';
  heading: string;
  sellerHeading: string;
  buyerHeading: string;
  seller: { name: string; fields: ReceiptField[] };
  buyer: ReceiptField[];
  facts: ReceiptField[];
  columns: { item: string; quantity: string; unitPrice: string; amount: string };
  lines: ReceiptLineView[];
  totals: ReceiptField[];
  /** The key of the total among `totals`, set in bold. */
  grandTotal: 'total';
  payment: ReceiptField[];
  timeZone: string;
}

/** Dates on receipts are Tehran time in both calendars, whoever reads them and wherever it is made. */
const calendars = {
  persian: { fa: 'fa-IR-u-ca-persian', en: 'en-GB-u-ca-persian' },
  gregory: { fa: 'fa-IR-u-ca-gregory', en: 'en-GB-u-ca-gregory' },
} as const;

export function receiptDate(iso: string, locale: Locale, calendar: keyof typeof calendars): string {
  return new Intl.DateTimeFormat(calendars[calendar][locale], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tehran',
  }).format(new Date(iso));
}

function field(key: string, label: string, value: string | null, ltr = false): ReceiptField[] {
  return value ? [{ key, label, value, ...(ltr ? { ltr } : {}) }] : [];
}

export function receiptView(receipt: Receipt, locale: Locale): ReceiptView {
  const say = (key: string, values?: Values) => t(locale, `commerce.receipt.${key}`, values);
  const money = (amount: number) => formatMoney(amount, receipt.currency, locale);
  const digits = (text: string | null) => (text === null ? null : localDigits(text, locale));
  const { company, buyer } = receipt;
  return {
    dir: locale === 'fa' ? 'rtl' : 'ltr',
    heading: say('heading', { id: receipt.id }),
    sellerHeading: say('seller'),
    buyerHeading: say('buyer'),
    seller: {
      name: company.name[locale],
      fields: [
        ...field('address', say('address'), company.address?.[locale] ?? null),
        ...field('nationalId', say('nationalId'), digits(company.national_id), true),
        ...field('economicCode', say('economicCode'), digits(company.economic_code), true),
        ...field('vatNumber', say('vatNumber'), digits(company.vat_number), true),
        ...field('phone', say('phone'), digits(company.phone), true),
      ],
    },
    buyer: [
      ...field('name', say('name'), buyer.name),
      ...field('phone', say('phone'), digits(buyer.phone), true),
      ...field('email', say('email'), buyer.email, true),
    ],
    facts: [
      ...field('type', say('type'), t(locale, `commerce.types.${receipt.type}`)),
      ...field('paidSolar', say('paidSolar'), receiptDate(receipt.paid_at, locale, 'persian')),
      ...field('paidGregorian', say('paidGregorian'), receiptDate(receipt.paid_at, locale, 'gregory')),
    ],
    columns: {
      item: say('item'),
      quantity: say('quantity'),
      unitPrice: say('unitPrice'),
      amount: say('amount'),
    },
    lines: receipt.lines.map((line) => ({
      title: line.title[locale],
      detail: line.detail?.[locale] ?? null,
      quantity: localDigits(line.quantity, locale),
      unitPrice: money(line.unit_price),
      amount: money(line.amount),
    })),
    totals: [
      { key: 'subtotal', label: say('subtotal'), value: money(receipt.price) },
      ...(receipt.discount > 0
        ? [
            {
              key: 'discount',
              label: receipt.discount_code
                ? say('discountCode', { code: receipt.discount_code })
                : say('discount'),
              value: money(-receipt.discount),
            },
          ]
        : []),
      ...(receipt.vat_percent > 0
        ? [{ key: 'vat', label: say('vat', { percent: receipt.vat_percent }), value: money(receipt.vat) }]
        : []),
      { key: 'total', label: say('total'), value: money(receipt.total) },
      ...(receipt.wallet_part > 0
        ? [{ key: 'walletPart', label: say('walletPart'), value: money(receipt.wallet_part) }]
        : []),
      ...(receipt.gateway_part > 0
        ? [{ key: 'gatewayPart', label: say('gatewayPart'), value: money(receipt.gateway_part) }]
        : []),
    ],
    grandTotal: 'total',
    payment: [
      ...field('gateway', say('gateway'), say(`gateways.${receipt.gateway}`)),
      ...field('reference', say('reference'), receipt.reference, true),
      ...field('card', say('card'), receipt.card, true),
    ],
    timeZone: say('timeZone'),
  };
}
