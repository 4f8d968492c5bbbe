import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { localPath } from '~/lib/locale';
import type { CreatedPayment, PackagesResponse, Payment } from '~/shared/commerce';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';

/**
 * Shared steps of the buying tests. Each test buys as a viewer of its own (the demo viewer already owns
 * a subscription and a-hero): signed up through the API, signed in in a context of its own, seen from
 * Iran (a private address: no country, so toman) or from abroad (the US: dollars, no consent banner).
 * Persian runs on a 360 px phone, English on a desktop unless a test says otherwise.
 */

export type Lang = 'fa' | 'en';
export const langs: Lang[] = ['fa', 'en'];

export const phone360 = { width: 360, height: 780 };
const desktop = { width: 1280, height: 800 };

export const words = {
  fa: {
    // A title page's buy button where a plan holds the title too (A Separation), and where none does
    // (A Hero): that one is only bought.
    buy: 'خرید یا اشتراک',
    buyOnly: 'خرید',
    buyTicket: 'خرید بلیت',
    discount: 'کد تخفیف',
    apply: 'اعمال کد',
    useWallet: /پرداخت از کیف پول/,
    payFromWallet: 'پرداخت از کیف پول',
    pay: /^پرداخت [۰-۹]/,
    success: 'پرداخت موفق بود',
    cancelled: 'پرداخت لغو شد',
    failed: 'پرداخت ناموفق بود',
    declined: 'بانک کارت شما را نپذیرفت',
    watchNow: 'همین حالا ببینید',
    tryAgain: 'تلاش دوباره',
    otherGateway: 'انتخاب درگاه دیگر',
    ticketCode: 'کد بلیت',
    monthly: /اشتراک یک‌ماهه/,
    subscriptionUntil: /اشتراک شما تا .*۱۴[۰-۹]{2}.* فعال است/,
    amount: 'مبلغ (تومان)',
    charge: 'شارژ کیف پول',
    charged: /کیف پول شما .* شارژ شد/,
    toman: 'تومان',
    dollar: 'دلار',
  },
  en: {
    buy: 'Buy or subscribe',
    buyOnly: 'Buy',
    buyTicket: 'Buy a ticket',
    discount: 'Discount code',
    apply: 'Apply code',
    useWallet: /Pay from my wallet/,
    payFromWallet: 'Pay from my wallet',
    pay: /^Pay [$\d]/,
    success: 'Payment successful',
    cancelled: 'Payment cancelled',
    failed: 'Payment failed',
    declined: 'Your card was declined by the bank',
    watchNow: 'Watch now',
    tryAgain: 'Try again',
    otherGateway: 'Choose another gateway',
    ticketCode: 'Ticket code',
    monthly: /One month/,
    subscriptionUntil: /Your subscription runs until \d+ \w+ \d{4}/,
    amount: 'Amount (dollars)',
    charge: 'Top up',
    charged: /was added to your wallet/,
    toman: 'Toman',
    dollar: 'Dollar',
  },
} as const;

/** A visitor from abroad: Google's 8.8.0.0/16 is in the US (dollars, outside the EEA). */
export function abroadAddress(): string {
  const part = () => 1 + Math.floor(Math.random() * 250);
  return `8.8.${part()}.${part()}`;
}

export interface Buyer {
  page: Page;
  phone: string;
  password: string;
}

/** A new account, signed in (or not: `signedIn: false`) in a browser context of its own. */
export async function newBuyer(
  browser: Browser,
  request: APIRequestContext,
  lang: Lang,
  { abroad = false, signedIn = true, viewport = lang === 'fa' ? phone360 : desktop } = {},
): Promise<Buyer> {
  const phone = newPhone();
  const password = 'buyer-pass-1404';
  const token = await signUpByApi(request, phone, password, newAddress());
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: { 'X-Forwarded-For': abroad ? abroadAddress() : newAddress() },
  });
  if (signedIn) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return { page: await context.newPage(), phone, password };
}

/** A site path in the test's language. */
export function local(path: string, lang: Lang): string {
  return localPath(path, lang);
}

/** Presses a title page's buy button (its island loads on that press) and waits for the dialog. */
export async function openPurchase(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The price lines have arrived (the pay button waits for the quote). */
export async function quoted(dialog: ReturnType<Page['getByRole']>) {
  await expect(dialog.locator('[data-line="total"]')).toBeVisible();
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The sandbox bank's page (both languages on it), then back through the callback to the result. */
export async function atBank(page: Page, action: 'pay' | 'cancel' | 'decline') {
  await page.waitForURL(/\/sandbox-bank\//);
  const name = { pay: /Pay|پرداخت/, cancel: /Cancel|انصراف/, decline: /Card declined|کارت رد شد/ }[action];
  await page.getByRole('button', { name }).first().click();
  await page.waitForURL(/\/payments\/\d+$/);
}

/**
 * A new viewer's month of subscription paid at the sandbox bank through the API, back from the bank and
 * fulfilled: the payment as the viewer reads it, its bank authority and the viewer's headers.
 */
export async function paidSubscription(request: APIRequestContext) {
  const address = newAddress();
  const token = await signUpByApi(request, newPhone(), 'buyer-pass-1404', address);
  const headers = { authorization: `Bearer ${token}`, 'X-Forwarded-For': address };
  const { packages } = (await (
    await request.get('/api/v1/core/packages', { headers })
  ).json()) as PackagesResponse;
  const reply = await request.post('/api/v1/payments', {
    data: { type: 'SUBSCRIPTION', item_id: packages[0]!.id, gateway: 'sandbox' },
    headers,
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const created = (await reply.json()) as CreatedPayment;
  const paid = await request.post(created.redirect!.url, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const back = await request.get(paid.headers()['location']!, { headers, maxRedirects: 0 });
  expect(back.status()).toBe(303);
  const { payment } = (await (
    await request.get(`/api/v1/payments/${created.payment.id}`, { headers })
  ).json()) as { payment: Payment };
  expect(payment.status).toBe('fulfilled');
  return { payment, authority: created.redirect!.url.split('/').at(-1)!, headers };
}
