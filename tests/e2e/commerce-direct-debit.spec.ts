import { expect, test } from '@playwright/test';
import { langs, local } from './commerce-helpers';
import { useGatewaysServer } from './gateways-server';

/**
 * Monthly direct debit in a browser (issue 12), against the Zarinpal fake's Payman under
 * `npm run start:gateways`: the viewer reads the phone rule, chooses a bank, signs at the bank's page,
 * comes back to a contract with its bank and limits, and cancels it; Persian at 360 px, English wide.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const gatewaysServer = useGatewaysServer();

const words = {
  fa: {
    rule: /باید همان شماره‌ای باشد که نزد بانک شما/,
    bank: 'بانک سامان',
    sign: 'امضای قرارداد در بانک',
    active: 'پرداخت خودکار شما فعال است.',
    perCharge: /۱۶۳٬۹۰۰ تومان/,
    cancel: 'لغو پرداخت خودکار',
    yes: 'بله، لغو شود',
    cancelled: /قرارداد پیشین شما لغو شد/,
    noSubscription: /اشتراکی ندارید/,
  },
  en: {
    rule: /must be the one registered with your bank/,
    bank: 'بانک سامان',
    sign: 'Sign the contract at the bank',
    active: 'Your automatic payment is active.',
    perCharge: /163,900 toman/,
    cancel: 'Cancel automatic payment',
    yes: 'Yes, cancel it',
    cancelled: /Your last contract was cancelled/,
    noSubscription: /No subscription is running/,
  },
};

for (const lang of langs) {
  test(`${lang}: signing and cancelling a direct-debit contract`, async ({ browser }) => {
    const w = words[lang];
    const { origin } = gatewaysServer;
    const page = await gatewaysServer.newViewer(browser, lang, false);
    await page.goto(`${origin}${local('/account/direct-debit', lang)}`);
    // Said before anything is signed: the phone must be the bank's.
    await expect(page.locator('[data-phone-rule]')).toContainText(w.rule);
    await page.getByRole('radio', { name: w.bank }).check();
    await page.getByRole('button', { name: w.sign }).click();

    // The bank's signing page, on the fake's origin.
    await page.waitForURL((url) => url.origin !== origin && url.pathname.includes('/pg/StartPayman/'));
    await page.getByRole('button', { name: /Sign the contract/ }).click();

    await page.waitForURL(`${origin}${local('/account/direct-debit', lang)}`);
    const contract = page.locator('[data-contract="signed"]');
    await expect(contract.getByText(w.active)).toBeVisible();
    await expect(contract).toContainText(w.bank);
    await expect(contract).toContainText(w.perCharge);
    // No subscription runs yet: the page says the first month is bought, then renewed.
    await expect(contract.locator('[data-renews]')).toContainText(w.noSubscription);

    await page.getByRole('button', { name: w.cancel }).click();
    await page.getByRole('button', { name: w.yes }).click();
    await expect(page.locator('[data-contract="cancelled"]')).toContainText(w.cancelled);
    // Free to sign again.
    await expect(page.getByRole('button', { name: w.sign })).toBeVisible();
    await page.context().close();
  });
}
