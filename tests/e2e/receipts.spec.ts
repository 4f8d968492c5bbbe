import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  atBank,
  langs,
  local,
  newBuyer,
  openPurchase,
  paidSubscription,
  quoted,
  words,
} from './commerce-helpers';
import { productIdOf } from './player-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * Receipts (issue 27, decision record 0042): a buyer opens a paid payment's receipt from their purchases,
 * prints it and downloads its PDF, in Persian and English, on a 320 px phone and on a desktop.
 */

const viewports = { phone: { width: 320, height: 720 }, desktop: { width: 1280, height: 900 } } as const;

/** Text of a PDF without whitespace: its words are drawn one by one, an extractor spaces them its own way. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  return text.replace(/[\s()\u200c\u200e]+/g, '');
}

const squeeze = (text: string) => text.replace(/[\s()\u200c\u200e]+/g, '');

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const lang of langs) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`${lang}, ${size}: a buyer opens a paid title's receipt from the purchases, prints it and saves its PDF`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const w = words[lang];
      const id = await productIdOf(request, 'A Hero', 'a-hero');
      const { page } = await newBuyer(browser, request, lang, { viewport });
      await page.goto(local(`/movies/${id}`, lang));
      const dialog = await openPurchase(page, w.buyOnly);
      await quoted(dialog);
      await dialog.getByRole('button', { name: w.pay }).click();
      await atBank(page, 'pay');
      await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
      const paymentId = Number(new URL(page.url()).pathname.split('/').at(-1));

      await page.goto(local('/account/purchases', lang));
      const order = page.locator(`[data-order="${paymentId}"]`);
      const total = (await order.locator('.font-bold.text-ink').first().textContent())?.trim() ?? '';
      const item = (await order.locator('h2 bdi').textContent())?.trim() ?? '';
      expect(total).toMatch(lang === 'fa' ? /تومان/ : /toman/);
      await order.getByRole('link', { name: lang === 'fa' ? 'رسید' : 'Receipt', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${local(`/account/purchases/${paymentId}/receipt`, lang)}$`));

      const receipt = page.locator(`[data-receipt="${paymentId}"]`);
      const heading =
        lang === 'fa' ? `رسید پرداخت شماره ${toFa(paymentId)}` : `Payment receipt no. ${paymentId}`;
      await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'fa' ? 'rtl' : 'ltr');
      await expect(receipt.locator('[data-total="total"]')).toContainText(total);
      await expect(receipt.locator('[data-total="vat"]')).toContainText(lang === 'fa' ? '۱۰٪' : '10%');
      await expect(receipt.locator('[data-receipt-line]')).toHaveCount(1);
      await expect(receipt.locator('[data-receipt-line]')).toContainText(item);
      await expect(receipt.locator('[data-field="paidSolar"]')).toContainText(lang === 'fa' ? '۱۴۰' : 'AP');
      await expect(receipt.locator('[data-field="paidGregorian"]')).toContainText(
        lang === 'fa' ? '۲۰' : '20',
      );
      if (lang === 'fa') await expect(receipt.locator('[data-receipt-totals]')).not.toContainText(/[0-9]/);
      await noSidewaysScroll(page);

      // On paper: only the receipt (no header, buttons or footer), and the printout says the same.
      await page.emulateMedia({ media: 'print' });
      await expect(receipt).toBeVisible();
      await expect(page.locator('body > header, body > footer').first()).toBeHidden();
      await expect(page.getByRole('button', { name: lang === 'fa' ? 'چاپ' : 'Print' })).toBeHidden();
      const printed = await pdfText(new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })));
      // Chromium writes a right-to-left line's runs in visual order: the amount's digits are what is compared.
      const figures = total.match(/[0-9۰-۹][0-9۰-۹,٬.٫]*/)?.[0] ?? '';
      expect(figures).not.toBe('');
      expect(printed).toContain(figures);
      const { numPages } = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4' })));
      expect(numPages).toBe(1);
      await page.emulateMedia({ media: 'screen' });

      // The server's PDF: downloaded with the session, in the page's language, with the same total.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: lang === 'fa' ? 'دریافت PDF' : 'Download PDF' }).click();
      const file = await (await download).path();
      expect((await download).suggestedFilename()).toBe(`receipt-${paymentId}.pdf`);
      const saved = await pdfText(new Uint8Array(await readFile(file)));
      expect(saved).toContain(squeeze(total));
      expect(saved).toContain(squeeze(heading));
    });
  }
}

for (const lang of langs) {
  test(`${lang}: finance opens a payment's receipt from the console's payment detail`, async ({
    page,
    request,
  }) => {
    const paymentId = (await paidSubscription(request)).payment.id;
    const staff = await staffMemberToken(request, 'finance');
    await page.context().addInitScript((value) => localStorage.setItem('token', value), staff);
    if (lang === 'fa') await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${local('/admin/payments', lang)}?payment=${paymentId}`);
    const detail = page.locator(`[data-payment-detail="${paymentId}"]`);
    await detail.getByRole('link', { name: lang === 'fa' ? 'رسید' : 'Receipt', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${local(`/admin/payments/${paymentId}/receipt`, lang)}$`));
    const heading =
      lang === 'fa' ? `رسید پرداخت شماره ${toFa(paymentId)}` : `Payment receipt no. ${paymentId}`;
    await expect(page.locator(`[data-receipt="${paymentId}"]`).getByRole('heading', { level: 1 })).toHaveText(
      heading,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: lang === 'fa' ? 'دریافت PDF' : 'Download PDF' }).click();
    expect(await pdfText(new Uint8Array(await readFile((await (await download).path())!)))).toContain(
      squeeze(heading),
    );
  });
}

function toFa(n: number): string {
  return String(n).replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}
