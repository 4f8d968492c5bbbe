import { expect, test } from '@playwright/test';
import { labels, newAddress } from './auth-helpers';
import {
  abroadAddress,
  atBank,
  langs,
  local,
  newBuyer,
  phone360,
  quoted,
  words as buying,
} from './commerce-helpers';

/**
 * The shop in both languages on a 360 px phone (issue 13): a guest fills the cart, logs in at the
 * checkout and keeps it, adds an address, picks the delivery, applies a discount code, pays at the
 * sandbox bank, and finds the order registered; the shop header and the cart drawer on shop routes, the main header on none.
 */

const words = {
  fa: {
    tote: 'کیف پارچه‌ای سینماخانه',
    add: 'افزودن به سبد',
    added: 'به سبد خرید اضافه شد.',
    checkout: 'تکمیل خرید',
    address: {
      title: 'نام این نشانی',
      state: 'استان',
      stateName: 'تهران',
      city: 'شهر',
      receiver: 'تحویل‌گیرنده',
      tel: 'تلفن',
      postalCode: 'کد پستی',
      full: 'نشانی کامل',
      save: 'ذخیرهٔ نشانی',
    },
    registered: 'ثبت‌شده',
  },
  en: {
    tote: 'Cinemakhaneh tote bag',
    add: 'Add to cart',
    added: 'Added to your cart.',
    checkout: 'Checkout',
    address: {
      title: 'Name of this address',
      state: 'Province',
      stateName: 'Tehran',
      city: 'City',
      receiver: 'Receiver',
      tel: 'Phone',
      postalCode: 'Postal code',
      full: 'Full address',
      save: 'Save address',
    },
    registered: 'Registered',
  },
} as const;

for (const lang of langs) {
  const w = words[lang];
  const l = labels[lang];
  const b = buying[lang];

  test(`${lang}: guest cart → login keeps it → address → delivery → code → sandbox → order Registred`, async ({
    browser,
    request,
  }) => {
    const { page, phone, password } = await newBuyer(browser, request, lang, {
      signedIn: false,
      viewport: phone360,
    });
    await page.goto(local('/shop', lang));
    await expect(page.locator('[data-shell="main-header"]')).toHaveCount(0);
    await expect(page.locator('[data-shell="shop-header"]')).toBeVisible();
    await page.getByRole('link', { name: w.tote }).click();
    await expect(page.locator('[data-shell="main-header"]')).toHaveCount(0);

    // On the phone "add to cart" is below the fold: what was added is told where the viewer looks
    // (tests/e2e/cart-feedback.spec.ts has the drawer's peek on a desktop).
    await page.getByRole('button', { name: w.add }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: w.added })).toBeInViewport();
    await expect(page.locator('[data-cart-count]')).toHaveText(lang === 'fa' ? '۱' : '1');

    await page.goto(local('/shop/checkout', lang));
    await expect(page.locator('[data-shell="main-header"]')).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: l.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(l.userName).fill(phone);
    await dialog.getByRole('button', { name: l.continue }).click();
    await dialog.getByLabel(l.password, { exact: true }).fill(password);
    await dialog.getByRole('button', { name: l.logIn, exact: true }).click();
    await expect(dialog).toBeHidden();

    // The guest's cart is the account's now.
    const summary = page.getByRole('complementary');
    await expect(summary.getByRole('link', { name: w.tote })).toBeVisible();

    const form = page.locator('[data-address-form]');
    await form.getByLabel(w.address.title).fill(lang === 'fa' ? 'خانه' : 'Home');
    await form.getByLabel(w.address.state).selectOption({ label: w.address.stateName });
    await form.getByLabel(w.address.city).selectOption({ label: w.address.stateName });
    await form.getByLabel(w.address.receiver).fill(lang === 'fa' ? 'مریم رضایی' : 'Maryam Rezaei');
    await form.getByLabel(w.address.tel).fill('02188776655');
    await form.getByLabel(w.address.postalCode).fill('۱۲۳۴۵۶۷۸۹۰');
    await form
      .getByLabel(w.address.full)
      .fill(lang === 'fa' ? 'خیابان ولیعصر، پلاک ۱۲' : '12 Valiasr Street');
    await form.getByRole('button', { name: w.address.save }).click();
    await expect(form).toHaveCount(0);

    await quoted(summary);
    await expect(summary.locator('[data-line="discount"]')).toHaveCount(0);
    await summary.getByLabel(b.discount).fill('DEMO-20');
    await summary.getByRole('button', { name: b.apply }).click();
    await expect(summary.locator('[data-line="discount"]')).toBeVisible();
    await quoted(summary);
    await summary.getByRole('button', { name: b.pay }).click();
    await atBank(page, 'pay');

    await page.goto(local('/account/orders', lang));
    const order = page.locator('[data-shop-order]').first();
    await expect(order.locator('[data-status="Registred"]')).toHaveText(w.registered);
    await expect(order).toContainText(w.tote);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone360.width);
  });

  test(`${lang}: the shop home prices its cards in the viewer's currency, the stored one first`, async ({
    browser,
  }) => {
    // Persian from Iran (toman), English from abroad (dollars): the cached page is the same for both.
    const context = await browser.newContext({
      viewport: phone360,
      extraHTTPHeaders: { 'X-Forwarded-For': lang === 'fa' ? newAddress() : abroadAddress() },
    });
    const page = await context.newPage();
    const toman = lang === 'fa' ? /^[۰-۹٬]+ تومان$/ : /^[\d,]+ toman$/;
    const dollars = lang === 'fa' ? /^[۰-۹٫]+ دلار$/ : /^\$[\d,]+\.\d{2}$/;
    await page.goto(local('/shop', lang));
    const price = page.locator('[data-price]').first();
    await expect(price).toHaveText(lang === 'fa' ? toman : dollars);
    await page.evaluate(
      (currency) => localStorage.setItem('currency', currency),
      lang === 'fa' ? 'USD' : 'IRR',
    );
    await page.reload();
    await expect(price).toHaveText(lang === 'fa' ? dollars : toman);
    await context.close();
  });
}
