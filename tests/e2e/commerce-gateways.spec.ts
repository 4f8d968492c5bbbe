import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { distDir } from '../../playwright.config';
import { newAddress, newPhone } from './auth-helpers';
import { abroadAddress, langs, local, words, type Lang } from './commerce-helpers';

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

let server: ChildProcess | undefined;
let origin = '';
let dataDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-gateways-'));
  server = spawn(process.execPath, ['scripts/start-gateways.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      TRUST_PROXY: '1',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; ; waited += 500) {
    const up = await fetch(`${origin}/api/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (waited > 230_000 || server.exitCode !== null) throw new Error('start:gateways did not come up');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function api(pathname: string, address: string, json: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${origin}/api/v1${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(json),
  });
  expect(res.status, pathname).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** A new viewer signed up on this server (its code read from the server's outbox), signed in. */
async function newViewer(browser: Browser, lang: Lang, abroad: boolean) {
  const address = abroad ? abroadAddress() : newAddress();
  const phone = newPhone();
  const init = await api('/auth/init', address, { user_name: phone });
  let code: string | undefined;
  for (let tries = 0; !code && tries < 50; tries++) {
    const lines = fs.readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').split('\n').filter(Boolean);
    code = lines
      .map((line) => JSON.parse(line) as { to: string; code: string })
      .findLast((line) => line.to.endsWith(phone.slice(1)))?.code;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const verified = await api('/auth/verify', address, {
    user_name: phone,
    code,
    remember_token: init['remember_token'],
  });
  const password = 'buyer-pass-1404';
  const { token } = await api('/auth/compelet', address, {
    remember_token: verified['remember_token'],
    name: 'Gateway Buyer',
    password,
    password_confirmation: password,
    accept_terms: true,
  });
  const context = await browser.newContext({
    viewport: lang === 'fa' ? { width: 360, height: 780 } : { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), token as string);
  return context.newPage();
}

for (const lang of langs) {
  for (const gateway of gateways) {
    test(`${lang}: topping up the wallet through ${gateway.type}`, async ({ browser }) => {
      const w = words[lang];
      const page = await newViewer(browser, lang, gateway.abroad);
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
