import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { outboxFile } from '../../playwright.config';
import { codeFor, labels, newAddress, newPhone, toPersianDigits } from './auth-helpers';
import { atBank, langs, local, newBuyer, phone360 } from './commerce-helpers';
import { pressPlayAndWait, productIdOf } from './player-helpers';

/**
 * The gift page (issue 14), in each language: a new visitor redeems the README's demo gift code,
 * signing up on the way through the login dialog (its code from the outbox), and watches; a viewer buys
 * a month of subscription for someone else, whose phone receives the code.
 */

const DEMO_GIFT_CODE = 'NOWRUZ-1405-GIFT';

const words = {
  fa: {
    redeem: 'استفاده از کد هدیه',
    code: 'کد هدیه',
    userName: 'شماره همراه یا ایمیل',
    submit: 'دریافت هدیه',
    applied: /۱ ماه اشتراک به حساب شما افزوده شد و تا .*۱۴[۰-۹]{2}.* فعال است/,
    give: 'اشتراک هدیه بدهید',
    monthly: /اشتراک یک‌ماهه/,
    recipient: 'شماره همراه یا ایمیل گیرنده',
    message: 'پیامی برای او (اختیاری)',
    pay: 'پرداخت هدیه',
    success: 'پرداخت موفق بود',
    giftCode: 'کد هدیه',
    giftCard: 'کارت هدیه',
    season: 'هدیهٔ نوروزی امسال',
    ask: 'کد هدیه را برایم بفرست',
    sent: /^کد هدیه به این نشانی فرستاده شد: ۰۹۱۲•••[۰-۹]{4}$/,
  },
  en: {
    redeem: 'Redeem a gift code',
    code: 'Gift code',
    userName: 'Mobile number or e-mail',
    submit: 'Get my gift',
    applied: /1 month of subscription was added to your account\. It runs until \d+ \w+ \d{4}/,
    give: 'Give a subscription',
    monthly: /One month/,
    recipient: 'Their mobile number or e-mail',
    message: 'A message for them (optional)',
    pay: 'Pay for the gift',
    success: 'Payment successful',
    giftCode: 'Gift code',
    giftCard: 'Gift card',
    season: "This year's New Year gift",
    ask: 'Send me the gift code',
    sent: /^The gift code was sent to: 0912•••\d{4}$/,
  },
} as const;

/** The outbox lines sent to this phone after `since`. */
async function messagesTo(phone: string, since: Date): Promise<string[]> {
  const to = `+98${phone.slice(1)}`;
  const text = await fs.readFile(outboxFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { at: string; to: string; text: string })
    .filter((line) => line.to === to && new Date(line.at) >= since)
    .map((line) => line.text);
}

for (const lang of langs) {
  const w = words[lang];
  const l = labels[lang];

  test(`${lang}: a new visitor redeems a gift code, signing up on the way, and watches`, async ({
    browser,
    request,
  }) => {
    const id = await productIdOf(request, 'A Separation', 'a-separation');
    const context = await browser.newContext({
      viewport: lang === 'fa' ? phone360 : { width: 1280, height: 800 },
      extraHTTPHeaders: { 'X-Forwarded-For': newAddress() },
    });
    const page = await context.newPage();
    const phone = newPhone();
    await page.goto(local('/gift', lang));
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const redeem = page.getByRole('region', { name: w.redeem });
    await redeem.getByLabel(w.code, { exact: true }).fill(DEMO_GIFT_CODE.toLowerCase());
    await redeem.getByLabel(w.userName, { exact: true }).fill(lang === 'fa' ? toPersianDigits(phone) : phone);
    const since = new Date(Date.now() - 1000);
    await redeem.getByRole('button', { name: w.submit }).click();

    // The header's login dialog opens at the code step, as a login would.
    const dialog = page.getByRole('dialog');
    const codeField = dialog.getByLabel(l.code, { exact: true });
    await expect(codeField).toBeVisible();
    await codeField.fill(await codeFor(phone, since));
    await dialog.getByLabel(l.name, { exact: true }).fill(lang === 'fa' ? 'مهمان نوروزی' : 'Nowruz Guest');
    await dialog.getByLabel(l.password, { exact: true }).fill('gift-pass-1405');
    await dialog.getByLabel(l.passwordConfirmation).fill('gift-pass-1405');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: l.signUp, exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(redeem.getByRole('status')).toHaveText(w.applied);
    await page.goto(local(`/play/${id}`, lang));
    await pressPlayAndWait(page, 0.5);
    await context.close();
  });

  test(`${lang}: a viewer gives a month of subscription; the recipient's phone gets the code`, async ({
    browser,
    request,
  }) => {
    const { page } = await newBuyer(browser, request, lang);
    const recipient = newPhone();
    const note = lang === 'fa' ? 'نوروزت پیروز!' : 'Happy Nowruz!';
    await page.goto(local('/gift', lang));
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const give = page.getByRole('region', { name: w.give });
    await give.getByRole('radio', { name: w.monthly }).check();
    await give.getByLabel(w.recipient, { exact: true }).fill(recipient);
    await give.getByLabel(w.message, { exact: true }).fill(note);
    const since = new Date(Date.now() - 1000);
    await give.getByRole('button', { name: w.pay }).click();
    await atBank(page, 'pay');

    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    const code = (await page.locator('[data-ticket-code]').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await expect(page.getByText(`${w.giftCode}:`)).toBeVisible();
    await expect.poll(() => messagesTo(recipient, since)).toHaveLength(1);
    const [sms] = await messagesTo(recipient, since);
    expect(sms).toContain(code);
    expect(sms).toContain(note);

    await page.goto(local('/account/purchases', lang));
    const card = page.locator('[data-order]', { hasText: w.giftCard });
    await expect(card.locator('[data-gift-code]')).toHaveText(code);
  });

  test(`${lang}: a viewer asks for this year's gift once; the code reaches their phone`, async ({
    browser,
    request,
  }) => {
    const { page, phone } = await newBuyer(browser, request, lang);
    await page.goto(local('/gift', lang));
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const season = page.getByRole('region', { name: w.season });
    // No slack here: the buyer's own login code went to this phone moments ago.
    const since = new Date();
    await season.getByRole('button', { name: w.ask }).click();
    await expect(season.getByRole('status')).toHaveText(w.sent);
    await expect(season.getByRole('button', { name: w.ask })).toBeDisabled();
    await expect.poll(() => messagesTo(phone, since)).toHaveLength(1);
    const [sms] = await messagesTo(phone, since);
    expect(sms).toMatch(/[A-Z2-9]{4}(-[A-Z2-9]{4}){3}/);
  });
}
