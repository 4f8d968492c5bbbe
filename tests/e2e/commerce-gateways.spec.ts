import { expect, test } from '@playwright/test';
import { langs, local, words } from './commerce-helpers';
import { useGatewaysServer } from './gateways-server';

/**
 * A purchase through each real gateway's protocol in a browser (issue 12): `npm run start:gateways`
 * (the product with the five gateway fakes) on a port of its own, a new viewer topping up the
 * wallet through each gateway in both languages: the purchase dialog's redirect (GET, or the POSTed
 * form Mellat and SEP want), the fake's page, its way back (a redirect, or the form it posts), our
 * callback, the result page. PayPal is offered to a visitor from abroad (dollars), the other four in
 * toman.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const gateways = [
  { type: 'zarinpal', fa: 'زرین‌پال', en: 'Zarinpal', abroad: false },
  { type: 'mellat', fa: 'به‌پرداخت ملت', en: 'Behpardakht Mellat', abroad: false },
  { type: 'saman', fa: 'سامان کیش (سپ)', en: 'Saman (SEP)', abroad: false },
  { type: 'pasargad', fa: 'پاسارگاد', en: 'Pasargad', abroad: false },
  { type: 'paypal', fa: 'پی‌پال', en: 'PayPal', abroad: true },
] as const;

const typed = { fa: { IRR: '۱۰۰۰۰۰', USD: '۱۰' }, en: { IRR: '100000', USD: '10' } };

const gatewaysServer = useGatewaysServer();

for (const lang of langs) {
  for (const gateway of gateways) {
    test(`${lang}: topping up the wallet through ${gateway.type}`, async ({ browser }) => {
      const w = words[lang];
      const page = await gatewaysServer.newViewer(browser, lang, gateway.abroad);
      const { origin } = gatewaysServer;
      await page.goto(`${origin}${local('/account/wallet', lang)}`);
      await page.getByLabel(/^(مبلغ|Amount) /).fill(typed[lang][gateway.abroad ? 'USD' : 'IRR']);
      await page.getByRole('radio', { name: gateway[lang] }).check();
      await page.getByRole('button', { name: w.charge, exact: true }).click();

      // The gateway's own page, on the fake's origin.
      await page.waitForURL((url) => url.origin !== origin);
      await page
        .getByRole('button', { name: /Pay|پرداخت/ })
        .first()
        .click();

      await page.waitForURL(new RegExp(`^${origin}${local('/payments/', lang)}\\d+$`));
      await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
      await expect(page.getByText(w.charged)).toBeVisible();
      await expect(page.locator('[data-fact="gateway"]')).toContainText(gateway[lang]);
      await page.context().close();
    });
  }
}
