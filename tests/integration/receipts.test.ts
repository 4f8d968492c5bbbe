import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedPayment, PaymentRequest } from '~/shared/commerce';
import type { Receipt } from '~/shared/receipts';
import { ledgerTransfers } from '~/server/db/schema';
import { DEMO_DISCOUNTS } from '~/server/demo/commerce';
import { deliverDueNotices } from '~/server/notify/queue';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  atBank,
  expectBooksBalanced,
  FILM_IRR,
  FILM_USD,
  newViewer,
  packageId,
  payAtBank,
  pricedTitle,
  returnFromBank,
  seedShop,
  type Viewer,
} from './commerce-fixtures';
import { AMERICAN, IRANIAN } from './playback-fixtures';
import { addAddress, cartOf, putInCart, seedDelivery, stockedGoods } from './shop-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * Receipts (issue 27, decision record 0042): each paid payment's lines and totals, checked against the
 * payment and against the ledger's own transfers, in rials and in dollars; refused to anyone else.
 */

let app: AccountsApp;
let delivery: Record<string, number>;
let finance: string;
let moderator: string;

/** The seller as an operator configures it (the demo's made-up one is not used in production mode). */
const company = {
  COMPANY_NAME_FA: 'شرکت نمایش‌گستر',
  COMPANY_NAME_EN: 'Namayesh Gostar Co.',
  COMPANY_ADDRESS_FA: 'تهران، خیابان آزادی، پلاک ۷',
  COMPANY_ADDRESS_EN: '7 Azadi St, Tehran',
  COMPANY_NATIONAL_ID: '14001234567',
  COMPANY_ECONOMIC_CODE: '411234567890',
  COMPANY_VAT_NUMBER: 'VAT-7788',
  COMPANY_PHONE: '+982166554433',
};

beforeAll(async () => {
  app = await startAccountsApp(company);
  await seedShop(app);
  delivery = await seedDelivery(app);
  finance = (await newStaffMember(app, 'finance')).token;
  moderator = (await newStaffMember(app, 'moderator')).token;
});
afterAll(() => app.close());

const where = { IRR: IRANIAN, USD: AMERICAN } as const;

/** Starts a payment from Iran (rials) or abroad (dollars) and pays it at the sandbox bank. */
async function paid(viewer: Viewer, request: PaymentRequest, currency: 'IRR' | 'USD'): Promise<number> {
  const res = await viewer.start(request, where[currency]);
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as CreatedPayment;
  expect(created.payment.currency).toBe(currency);
  await payAtBank(app, created);
  expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
  return created.payment.id;
}

async function receiptOf(token: string, id: number): Promise<Receipt> {
  const res = await app.as(token, `/me/orders/${id}/receipt`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Receipt;
}

/** What the ledger booked for the payment, by transfer kind. */
async function booked(id: number): Promise<Record<string, number>> {
  const rows = await app.ctx.database.db
    .select({ kind: ledgerTransfers.kind, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.paymentId, id));
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.kind] = (sums[row.kind] ?? 0) + Number(row.amount);
  return sums;
}

/** The receipt's lines add up to its price, and price, discount, VAT and total are what the ledger booked. */
async function expectMatchesLedger(receipt: Receipt, viewer: Viewer): Promise<void> {
  const payment = await viewer.payment(receipt.id);
  expect(receipt).toMatchObject({
    currency: payment.currency,
    price: payment.price,
    discount: payment.discount,
    vat: payment.vat,
    total: payment.total,
    wallet_part: payment.wallet_part,
    gateway_part: payment.gateway_part,
  });
  expect(receipt.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(receipt.price);
  for (const line of receipt.lines) expect(line.amount).toBe(line.unit_price * line.quantity);
  const ledger = await booked(receipt.id);
  expect(ledger['sale'] ?? 0).toBe(receipt.price - receipt.discount);
  expect(ledger['discount'] ?? 0).toBe(receipt.discount);
  expect(ledger['vat'] ?? 0).toBe(receipt.vat);
  expect(receipt.total).toBe((ledger['sale'] ?? 0) + (ledger['vat'] ?? 0));
  expect(receipt.vat).toBe(Math.floor(((receipt.price - receipt.discount) * 10 + 50) / 100));
}

async function pdfText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = new Uint8Array(await res.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  return text.replace(/\s+/g, '');
}

describe('receipts', () => {
  it.each(['IRR', 'USD'] as const)(
    'a title in %s: one line at its price, VAT and total as booked',
    async (currency) => {
      const film = await pricedTitle(app);
      const viewer = await newViewer(app);
      const id = await paid(viewer, { type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' }, currency);
      const receipt = await receiptOf(viewer.token, id);
      const price = currency === 'IRR' ? FILM_IRR : FILM_USD;
      expect(receipt.lines).toEqual([
        {
          title: { fa: expect.any(String), en: expect.any(String) },
          detail: null,
          quantity: 1,
          unit_price: price,
          amount: price,
        },
      ]);
      expect(receipt).toMatchObject({
        type: 'BUY_MOVIE',
        currency,
        discount: 0,
        vat_percent: 10,
        gateway: 'sandbox',
      });
      // The seller as configured, and the buyer.
      expect(receipt.company).toEqual({
        name: { fa: company.COMPANY_NAME_FA, en: company.COMPANY_NAME_EN },
        address: { fa: company.COMPANY_ADDRESS_FA, en: company.COMPANY_ADDRESS_EN },
        national_id: company.COMPANY_NATIONAL_ID,
        economic_code: company.COMPANY_ECONOMIC_CODE,
        vat_number: company.COMPANY_VAT_NUMBER,
        phone: company.COMPANY_PHONE,
      });
      expect(receipt.buyer.phone).toMatch(/^\+98935/);
      expect(Date.parse(receipt.paid_at)).toBeGreaterThan(0);
      await expectMatchesLedger(receipt, viewer);
    },
  );

  it.each(['IRR', 'USD'] as const)(
    'a subscription with a discount code in %s: the code, its discount and VAT after it',
    async (currency) => {
      const viewer = await newViewer(app);
      const pack = await packageId(app, 'quarterly');
      const id = await paid(
        viewer,
        { type: 'SUBSCRIPTION', item_id: pack, gateway: 'sandbox', discount_code: DEMO_DISCOUNTS.open },
        currency,
      );
      const receipt = await receiptOf(viewer.token, id);
      expect(receipt.discount_code).toBe(DEMO_DISCOUNTS.open);
      expect(receipt.discount).toBe(Math.floor((receipt.price * 20 + 50) / 100));
      expect(receipt.discount).toBeGreaterThan(0);
      expect(receipt.lines).toHaveLength(1);
      expect(receipt.lines[0]!.title.en).toMatch(/\S/);
      await expectMatchesLedger(receipt, viewer);
    },
  );

  it.each(['IRR', 'USD'] as const)(
    'a shop order in %s: each good with its quantity, the delivery, VAT on the whole',
    async (currency) => {
      const { productId, variantIds } = await stockedGoods(app, [{ stock: 5, irr: 1_250_000, usd: 1250 }]);
      const viewer = await newViewer(app);
      const addressId = await addAddress(app, viewer.token);
      await cartOf(
        await putInCart(
          app,
          { product_id: productId, variant_id: variantIds[0]!, quantity: 3 },
          viewer.token,
        ),
      );
      const id = await paid(
        viewer,
        {
          type: 'BUY_PHYSICAL',
          address_id: addressId,
          delivery_method_id: delivery['express-post']!,
          gateway: 'sandbox',
        },
        currency,
      );
      const receipt = await receiptOf(viewer.token, id);
      const unit = currency === 'IRR' ? 1_250_000 : 1250;
      expect(receipt.lines[0]).toMatchObject({ quantity: 3, unit_price: unit, amount: 3 * unit });
      expect(receipt.lines[0]!.title.en).toMatch(/^Goods \d+/);
      expect(receipt.lines).toHaveLength(2);
      expect(receipt.lines[1]).toMatchObject({ quantity: 1, detail: null });
      expect(receipt.vat).toBeGreaterThan(0);
      await expectMatchesLedger(receipt, viewer);
      // The PDF says the same total, in Persian digits and toman or in dollars.
      const fa = await pdfText(
        await app.as(viewer.token, `/me/orders/${id}/receipt/pdf`, { headers: { 'accept-language': 'fa' } }),
      );
      const en = await pdfText(
        await app.as(viewer.token, `/me/orders/${id}/receipt/pdf`, { headers: { 'accept-language': 'en' } }),
      );
      const total = receipt.total / (currency === 'IRR' ? 10 : 100);
      if (currency === 'IRR') {
        expect(fa).toContain(`${total.toLocaleString('fa-IR')}تومان`);
        expect(en).toContain(`${total.toLocaleString('en-US')}toman`);
      } else {
        expect(en).toContain(`$${total.toFixed(2)}`);
      }
      expect(fa).toContain('رسیدپرداختشماره');
      await expectBooksBalanced(app);
    },
  );

  it('a wallet top-up has one line and no VAT', async () => {
    const viewer = await newViewer(app);
    const id = await paid(viewer, { type: 'CHARGE_WALLET', amount: 500_000, gateway: 'sandbox' }, 'IRR');
    const receipt = await receiptOf(viewer.token, id);
    expect(receipt).toMatchObject({ vat: 0, vat_percent: 0, total: 500_000 });
    expect(receipt.lines).toEqual([
      {
        title: { fa: 'شارژ کیف پول', en: 'Wallet top-up' },
        detail: null,
        quantity: 1,
        unit_price: 500_000,
        amount: 500_000,
      },
    ]);
  });

  it('never shows another buyer’s receipt, nor one for a payment not paid; finance sees any', async () => {
    const film = await pricedTitle(app);
    const buyer = await newViewer(app);
    const other = await newViewer(app);
    const id = await paid(buyer, { type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' }, 'IRR');
    for (const path of [`/me/orders/${id}/receipt`, `/me/orders/${id}/receipt/pdf`]) {
      const refused = await app.as(other.token, path);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: expect.any(String) });
      expect((await app.request(path)).status).toBe(401);
    }
    // Cancelled at the bank: the buyer's own payment, but nothing was paid.
    const cancelled = await buyer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
    });
    await returnFromBank(app, await atBank(app, cancelled, 'cancel'));
    const unpaid = await app.as(buyer.token, `/me/orders/${cancelled.payment.id}/receipt`, {
      headers: { 'accept-language': 'en' },
    });
    expect(unpaid.status).toBe(404);
    expect(await unpaid.json()).toEqual({
      message: 'This payment has no receipt: only paid payments have one.',
    });
    // Finance (and admin) from the console; a moderator may not.
    const staff = await app.as(finance, `/staff/payments/${id}/receipt`);
    expect(staff.status).toBe(200);
    expect(await staff.json()).toEqual(await receiptOf(buyer.token, id));
    expect((await app.as(finance, `/staff/payments/${id}/receipt/pdf`)).headers.get('content-type')).toBe(
      'application/pdf',
    );
    expect((await app.as(moderator, `/staff/payments/${id}/receipt`)).status).toBe(403);
    expect((await app.as(finance, `/staff/payments/${cancelled.payment.id}/receipt`)).status).toBe(404);
  });

  it('e-mails the receipt to a buyer with an e-mail address: the PDF attached and a link at the public origin', async () => {
    const email = `receipt-${Date.now()}@example.com`;
    const { token } = await app.signUp(email);
    const film = await pricedTitle(app);
    const res = await app.as(token, '/payments', {
      json: { type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' },
      clientAddress: IRANIAN,
      headers: { 'accept-language-site': 'en' },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as CreatedPayment;
    await payAtBank(app, created);
    // Queued with the sale, sent by the notice delivery job (decision record 0049).
    expect(await deliverDueNotices(app.ctx)).toBeGreaterThanOrEqual(1);
    const mail = (await app.outbox()).filter((line) => line.to === email).at(-1) as unknown as {
      channel: string;
      text: string;
      attachments?: { filename: string; contentType: string; bytes: number }[];
    };
    expect(mail.channel).toBe('email');
    const id = created.payment.id;
    expect(mail.text).toContain(`${app.ctx.config.publicUrl}/en/account/purchases/${id}/receipt`);
    expect(mail.attachments).toEqual([
      { filename: `receipt-${id}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) },
    ]);
    expect(mail.attachments![0]!.bytes).toBeGreaterThan(5000);
  });
});
