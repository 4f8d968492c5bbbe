import { writeFileSync } from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { receiptView } from '~/lib/receipt-view';
import { visualPieces } from '~/server/commerce/bidi-line';
import { receiptPdf } from '~/server/commerce/receipt-pdf';
import type { Receipt } from '~/shared/receipts';

/** Receipts as PDF (decision record 0042): the Persian and English text read back from the file. */

const receipt: Receipt = {
  id: 1234,
  type: 'BUY_PHYSICAL',
  currency: 'IRR',
  paid_at: '2026-11-26T06:30:00.000Z',
  company: {
    name: { fa: 'شرکت سینماخانه', en: 'Cinemakhaneh Ltd' },
    address: { fa: 'تهران، خیابان ولیعصر، پلاک ۱۲', en: '12 Valiasr St, Tehran' },
    national_id: '10320000000',
    economic_code: '411100000000',
    vat_number: 'VAT-0000-DEMO',
    phone: '+982188000000',
  },
  buyer: { name: 'Sara Karimi', phone: '+989121234567', email: 'sara@example.com' },
  lines: [
    {
      title: { fa: 'تی‌شرت جدایی (بزرگ)', en: 'A Separation T-shirt (L)' },
      detail: null,
      quantity: 2,
      unit_price: 1_500_000,
      amount: 3_000_000,
    },
    {
      title: { fa: 'پست پیشتاز', en: 'Express post' },
      detail: null,
      quantity: 1,
      unit_price: 450_000,
      amount: 450_000,
    },
  ],
  price: 3_450_000,
  discount: 345_000,
  discount_code: 'SAVE10',
  vat: 310_500,
  vat_percent: 10,
  total: 3_415_500,
  wallet_part: 0,
  gateway_part: 3_415_500,
  gateway: 'zarinpal',
  reference: '9876543',
  card: '6037-99**-****-1234',
};

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/**
 * Words are drawn one by one (bidi-line.ts): compare without the spaces an extractor may or may not add.
 * pdf.js reads a right-to-left word back by reversing its glyphs' characters, so a lam-alef ligature
 * (one glyph for لا) comes back as ال, a mirrored bracket as its mirror and zero-width non-joiners and marks not at
 * all: brackets, non-joiners and marks are left out.
 */
const squeeze = (text: string) => text.replace(/[\s()\u200c\u200e]+/g, '');
const asExtracted = (text: string) => squeeze(text).replace(/لا/g, 'ال');

describe('receipt PDF', () => {
  it('orders Persian words, digits and Latin runs as the Unicode Bidirectional Algorithm says', () => {
    const pieces = visualPieces('مبلغ کل: ۱۲۳ تومان (VAT)', 'rtl').filter((piece) => !piece.space);
    // Left to right on the page: the bracket run, the Latin word, تومان, the digits, then کل: and مبلغ.
    expect(pieces.map((piece) => piece.text)).toEqual([')', 'VAT', '(', 'تومان', '۱۲۳', 'کل:', 'مبلغ']);
    // Digits read left to right though they are Arabic script: fontkit would reverse them, so they go in reversed.
    expect(pieces.find((piece) => piece.text === '۱۲۳')?.feed).toBe('۳۲۱');
    // Brackets at a right-to-left level are mirrored.
    expect(pieces[0]?.feed).toBe('(');
  });

  it.each(['fa', 'en'] as const)('writes every text of the %s receipt, in reading order', async (locale) => {
    const pdf = await receiptPdf(receipt, locale);
    if (process.env['RECEIPT_PDF_OUT']) writeFileSync(`${process.env['RECEIPT_PDF_OUT']}-${locale}.pdf`, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = squeeze(await textOf(pdf));
    const view = receiptView(receipt, locale);
    const expected = [
      view.heading,
      view.seller.name,
      ...view.seller.fields.map((field) => `${field.label}: ${field.value}`),
      ...view.buyer.map((field) => `${field.label}: ${field.value}`),
      ...view.facts.map((field) => `${field.label}: ${field.value}`),
      ...view.lines.flatMap((line) => [line.title, line.quantity, line.unitPrice, line.amount]),
      ...view.totals.flatMap((total) => [total.label, total.value]),
    ];
    for (const words of expected) expect(text, words).toContain(asExtracted(words));
    if (locale === 'fa') {
      expect(text).toContain(squeeze('۳۴۱٬۵۵۰ تومان'));
      expect(text).toContain(squeeze('رسید پرداخت شماره ۱۲۳۴'));
    } else {
      expect(text).toContain('341,550toman');
    }
  });
});
