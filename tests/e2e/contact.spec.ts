import { expect, test, type Page } from '@playwright/test';

/**
 * The success path needs a known captcha answer. The server honours CAPTCHA_TEST_ANSWER (only with
 * NODE_ENV=test) and the e2e web server is started with it; the failure path does not depend on it.
 */
const captchaAnswer = process.env['CAPTCHA_TEST_ANSWER'] ?? '24680';

function toasts(page: Page, type: 'error' | 'success') {
  return page.locator(`[data-sonner-toast][data-type="${type}"]`);
}

/** The island is ready when the captcha image has loaded through the API. */
async function openContact(page: Page, path: string, captchaName: string) {
  await page.goto(path);
  await expect(page.getByRole('img', { name: captchaName })).toBeVisible();
}

test('Persian: a missing phone is a toast and a marked field, and nothing typed is lost', async ({
  page,
}) => {
  await openContact(page, '/contact', 'تصویر کد امنیتی');
  await page.getByLabel('نام و نام خانوادگی').fill('سارا احمدی');
  await page.getByLabel('موضوع').fill('پرسش درباره اشتراک');
  await page.getByLabel('متن پیام').fill('سلام، اشتراک من تمدید نشده است.');
  await page.getByRole('button', { name: 'ارسال پیام' }).click();

  const phone = page.getByLabel('شماره موبایل');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await phone.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId).toBeTruthy();
  const fieldError = (await page.locator(`#${errorId}`).innerText()).split('\n')[0] ?? '';
  expect(fieldError.length).toBeGreaterThan(0);
  await expect(toasts(page, 'error').filter({ hasText: fieldError }).first()).toBeVisible();
  await expect(phone).toBeFocused();

  await expect(page.getByLabel('نام و نام خانوادگی')).toHaveValue('سارا احمدی');
  await expect(page.getByLabel('متن پیام')).toHaveValue('سلام، اشتراک من تمدید نشده است.');
});

test('English: a wrong captcha is reported on the captcha field', async ({ page }) => {
  await openContact(page, '/en/contact', 'Security code image');
  await page.getByLabel('Full name').fill('Sara Ahmadi');
  await page.getByLabel('Mobile number').fill('09121234567');
  await page.getByLabel('Email').fill('sara@example.com');
  await page.getByLabel('Subject').fill('Subscription');
  await page.getByLabel('Message').fill('Hello, my subscription did not renew.');
  await page.getByLabel('Security code', { exact: true }).fill('not-the-answer');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByLabel('Security code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(toasts(page, 'error').first()).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Sara Ahmadi');
});

for (const [locale, path, labels] of [
  [
    'fa',
    '/contact',
    {
      image: 'تصویر کد امنیتی',
      name: 'نام و نام خانوادگی',
      phone: 'شماره موبایل',
      email: 'ایمیل',
      subject: 'موضوع',
      message: 'متن پیام',
      captcha: 'کد امنیتی',
      send: 'ارسال پیام',
    },
  ],
  [
    'en',
    '/en/contact',
    {
      image: 'Security code image',
      name: 'Full name',
      phone: 'Mobile number',
      email: 'Email',
      subject: 'Subject',
      message: 'Message',
      captcha: 'Security code',
      send: 'Send message',
    },
  ],
] as const) {
  test(`${locale}: a complete message is sent, acknowledged and the form cleared`, async ({ page }) => {
    await openContact(page, path, labels.image);
    await page.getByLabel(labels.name, { exact: true }).fill('Sara Ahmadi');
    // Persian digits, as a Persian keyboard types them.
    await page.getByLabel(labels.phone).fill('۰۹۱۲۱۲۳۴۵۶۷');
    await page.getByLabel(labels.email, { exact: true }).fill('sara@example.com');
    await page.getByLabel(labels.subject).fill('Subscription');
    await page.getByLabel(labels.message, { exact: true }).fill('Hello, my subscription did not renew.');
    await page.getByLabel(labels.captcha, { exact: true }).fill(captchaAnswer);
    await page.getByRole('button', { name: labels.send }).click();

    await expect(toasts(page, 'success')).toBeVisible();
    await expect(toasts(page, 'error')).toHaveCount(0);
    await expect(page.getByLabel(labels.name, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(labels.message, { exact: true })).toHaveValue('');
  });
}
