import {
  expect,
  request as requests,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { atBank, langs, local, openPurchase, phone360, quoted, words, type Lang } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Kids profiles and PINs (issue 29), in both languages: Persian on a 360 px phone, English on a desktop.
 * A kids profile (here rated up to 12) never sees a title above it in the home rows, in search or by its
 * address; leaving it asks for the main PIN, and wrong tries are limited; a purchase needs the PIN.
 */
const desktop = { width: 1280, height: 800 };
const MAIN_PIN = '2580';

const texts = {
  fa: {
    kidsHome: 'کودک',
    notOnProfile: 'در این پروفایل در دسترس نیست',
    pinDialog: 'رمز را وارد کنید',
    pin: 'رمز',
    submit: 'ادامه',
    wrong: 'رمز چهاررقمی درست نیست',
    limited: /تعداد درخواست‌ها بیش از حد مجاز است/,
    noResults: /نتیجه‌ای پیدا نشد|چیزی پیدا نشد/,
    askGrownUp: 'از یک بزرگ‌تر بپرسید',
    grownUpPin: 'بزرگ‌تر هستید؟ رمز را وارد کنید',
    wallet: 'کیف پول',
    salesman: 'فروشنده',
  },
  en: {
    kidsHome: 'Kids',
    notOnProfile: 'Not available on this profile',
    pinDialog: 'Enter the PIN',
    pin: 'PIN',
    submit: 'Continue',
    wrong: 'The PIN is not correct.',
    limited: /Too many requests/,
    noResults: /No results|Nothing found/i,
    askGrownUp: 'Ask a grown-up',
    grownUpPin: 'Grown-up? Enter the PIN',
    wallet: 'Wallet',
    salesman: 'The Salesman',
  },
};

interface Family {
  token: string;
  address: string;
}

/**
 * An account with a member profile "Kid" made a kids profile rated up to 12, a PIN on the main profile,
 * and the rules "leave a kids profile" and "buy" asking for it: set up through the API, as the family
 * settings page does.
 */
async function familyAccount(request: APIRequestContext): Promise<Family> {
  const address = newAddress();
  const token = await signUpByApi(request, newPhone(), 'family-pass-1404', address);
  const headers = { authorization: `Bearer ${token}`, 'X-Forwarded-For': address };
  const created = await request.post('/api/v1/me/profiles', { headers, multipart: { name: 'Kid' } });
  expect(created.status()).toBe(200);
  const { profiles } = (await created.json()) as {
    profiles: { id: number; name: string; is_main: boolean }[];
  };
  const kid = profiles.find((profile) => profile.name === 'Kid')!;
  const main = profiles.find((profile) => profile.is_main)!;
  const post = async (path: string, data: unknown) => {
    const reply = await request.post(`/api/v1${path}`, { headers: { ...headers, 'X-Pin': MAIN_PIN }, data });
    expect(reply.status(), path).toBe(200);
  };
  await post(`/me/family/profiles/${main.id}/pin`, { pin: MAIN_PIN });
  await post(`/me/family/profiles/${kid.id}/kids`, { kids: true, max_age_rating: '12' });
  await post('/me/family/rules', { leave_kids: true, edit_profiles: false, purchase: true });
  return { token, address };
}

/** The account's browser, moved to the kids profile through "who is watching" (no PIN to enter it). */
async function asKid(
  browser: Browser,
  family: Family,
  lang: Lang,
  viewport = lang === 'fa' ? phone360 : desktop,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: { 'X-Forwarded-For': family.address },
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), family.token);
  const page = await context.newPage();
  await page.goto(local('/profiles', lang));
  await page.getByRole('button', { name: /^Kid/ }).click();
  await page.waitForURL(new RegExp(`${local('/', lang)}$`));
  await expect(page.getByRole('heading', { level: 1, name: texts[lang].kidsHome })).toBeVisible();
  return page;
}

/** Every one of these titles is rated at or under 12 (the catalogue's own ratings, as a visitor reads them). */
async function expectAllowed(request: APIRequestContext, ids: number[]) {
  const ratings = await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const title = (await (await request.get(`/api/v1/products/${id}`)).json()) as { age_rating: string };
      return [id, title.age_rating] as const;
    }),
  );
  for (const [id, rating] of ratings) expect(['G', 'PG', '12'], `title ${id}`).toContain(rating);
}

async function pinDialog(page: Page, lang: Lang) {
  const dialog = page.getByRole('dialog', { name: texts[lang].pinDialog });
  // Each try is a PIN hash check on the server: slow on a busy machine.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

for (const lang of langs) {
  test(`${lang}: a kids profile sees no title above its rating in rows, search or by address`, async ({
    browser,
    request,
  }) => {
    // Many pages and a look-up of every title shown: longer than the default under load.
    test.setTimeout(90_000);
    const t = texts[lang];
    const adult = await productIdOf(request, 'The Salesman', 'the-salesman');
    const eighteen = await productIdOf(request, '20 Fingers', 'twenty-fingers');
    const allowed = await productIdOf(request, 'Children of Heaven', 'children-of-heaven');
    const page = await asKid(browser, await familyAccount(request), lang);

    // The kids home: big posters of allowed titles only, no prices.
    const cards = page.locator('[data-kids-card]');
    await expect(cards.first()).toBeVisible();
    const shown = await cards.evaluateAll((items) =>
      items.map((item) => Number(item.getAttribute('data-kids-card'))),
    );
    expect(shown).not.toContain(adult);
    expect(shown).not.toContain(eighteen);
    await expectAllowed(request, shown);
    await expect(page.locator('[data-card-access]')).toHaveCount(0);

    // Search finds the allowed title and not the others.
    await page.goto(local('/search?q=Salesman', lang));
    await expect(page.locator(`a[href$="/movies/${adult}"]`)).toHaveCount(0);
    await page.goto(local('/search?q=Children%20of%20Heaven', lang));
    await expect(page.locator(`a[href$="/movies/${allowed}"]`).first()).toBeVisible();

    // By address: the title page and the player say "not available on this profile" (403, not 404).
    for (const path of [`/movies/${adult}`, `/play/${eighteen}`]) {
      const reply = await page.goto(local(path, lang));
      expect(reply?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: t.notOnProfile })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/Salesman|20 Fingers|فروشنده|۲۰ انگشت/);
    }
    const fine = await page.goto(local(`/movies/${allowed}`, lang));
    expect(fine?.status()).toBe(200);
    // Its related titles are the profile's too.
    const related = await page
      .locator('section[aria-labelledby="row-related"] a[href]')
      .evaluateAll((links) =>
        links.map((link) => Number(/\/(\d+)$/.exec(link.getAttribute('href') ?? '')?.[1])),
      );
    await expectAllowed(request, related);

    // The same pages for a visitor without the profile still show everything (nothing cached leaks).
    const visitor = await browser.newPage();
    const open = await visitor.goto(local(`/movies/${adult}`, lang));
    expect(open?.status()).toBe(200);
    await visitor.close();
    await page.context().close();
  });

  test(`${lang}: leaving the kids profile asks for the main PIN, and wrong tries are limited`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = texts[lang];
    const page = await asKid(browser, await familyAccount(request), lang);
    await page.goto(local('/profiles', lang));
    await page.getByRole('button', { name: /^Test Viewer/ }).click();
    for (let attempt = 0; attempt < 5; attempt++) {
      const dialog = await pinDialog(page, lang);
      await dialog.getByLabel(t.pin).fill('0000');
      await dialog.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('dialog', { name: t.pinDialog }).getByRole('alert')).toHaveText(t.wrong, {
        timeout: 15_000,
      });
    }
    // The sixth try is refused before it is checked, even with the right PIN.
    const dialog = await pinDialog(page, lang);
    await dialog.getByLabel(t.pin).fill(MAIN_PIN);
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]', { hasText: t.limited })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('dialog', { name: t.pinDialog })).toBeHidden();
    // Still the kids profile.
    await page.goto(local('/', lang));
    await expect(page.getByRole('heading', { level: 1, name: t.kidsHome })).toBeVisible();
    await page.context().close();
  });

  test(`${lang}: a purchase from the kids profile needs the purchase PIN`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const t = texts[lang];
    const w = words[lang];
    const id = await productIdOf(request, 'A Hero', 'a-hero');
    const page = await asKid(browser, await familyAccount(request), lang);
    await page.goto(local(`/movies/${id}`, lang));
    const purchase = await openPurchase(page, w.buyOnly);
    await quoted(purchase);
    await purchase.getByRole('button', { name: w.pay }).click();
    const dialog = await pinDialog(page, lang);
    await dialog.getByLabel(t.pin).fill('1111');
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('dialog', { name: t.pinDialog }).getByRole('alert')).toHaveText(t.wrong, {
      timeout: 15_000,
    });
    await dialog.getByLabel(t.pin).fill(MAIN_PIN);
    await dialog.getByRole('button', { name: t.submit }).click();
    await atBank(page, 'pay');
    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    await page.context().close();
  });
}

for (const lang of langs) {
  test(`${lang}: an account page on the kids profile asks for a grown-up; the main PIN leads back to it`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = texts[lang];
    // A phone in both languages: the child's device.
    const page = await asKid(browser, await familyAccount(request), lang, phone360);
    const wallet = local('/account/wallet', lang);
    const reply = await page.goto(wallet);
    expect(reply?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: t.askGrownUp })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.wallet })).toHaveCount(0);
    await expect(page.locator('[data-balance]')).toHaveCount(0);

    // The grown-up's PIN step: a wrong PIN is said, the main PIN moves the device off the kids profile
    // and reloads the page asked for.
    await page.getByRole('button', { name: t.grownUpPin }).click();
    const dialog = await pinDialog(page, lang);
    await dialog.getByLabel(t.pin).fill('0000');
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('dialog', { name: t.pinDialog }).getByRole('alert')).toHaveText(t.wrong, {
      timeout: 15_000,
    });
    await dialog.getByLabel(t.pin).fill(MAIN_PIN);
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.wallet })).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(wallet);
    await page.goto(local('/', lang));
    await expect(page.getByRole('heading', { level: 1, name: t.kidsHome })).toHaveCount(0);
    await page.context().close();
  });

  test(`${lang}: a page kept for a visitor never answers the kids profile, nor its page the visitor`, async ({
    baseURL,
    request,
  }) => {
    const t = texts[lang];
    const family = await familyAccount(request);
    const adult = await productIdOf(request, 'The Salesman', 'the-salesman');
    const headers = { 'X-Forwarded-For': family.address };
    const auth = { ...headers, authorization: `Bearer ${family.token}` };
    const { profiles } = (await (await request.get('/api/v1/me/profiles', { headers: auth })).json()) as {
      profiles: { id: number; name: string }[];
    };
    const kid = profiles.find((profile) => profile.name === 'Kid')!;
    const chosen = await request.post(`/api/v1/auth/select-profile/${kid.id}`, { headers: auth });
    const gate = /^kids_gate=[0-9a-f]{64}/.exec(chosen.headers()['set-cookie'] ?? '')![0];
    // Fresh clients: one a visitor, one the kids profile's browser (only its cookie, no token).
    const visitor = await requests.newContext({ baseURL, extraHTTPHeaders: headers });
    const child = await requests.newContext({ baseURL, extraHTTPHeaders: { ...headers, cookie: gate } });

    for (const path of [local(`/movies/${adult}`, lang), local('/', lang)]) {
      const kept = await visitor.get(path);
      expect(kept.status(), path).toBe(200);
      // Any cache in front may keep a page but must ask the server before each use: it cannot key on
      // the kids cookie.
      expect(kept.headers()['cache-control'], path).toBe('no-cache');
      const etag = kept.headers()['etag']!;
      expect((await visitor.get(path, { headers: { 'If-None-Match': etag } })).status(), path).toBe(304);

      // The kids profile, even revalidating the visitor's copy as a cache in front would, gets its own.
      const own = await child.get(path, { headers: { 'If-None-Match': etag } });
      expect(own.headers()['cache-control'], path).toBe('private, no-store');
      const body = await own.text();
      expect(body, path).not.toContain(t.salesman);
      if (path === local('/', lang)) {
        expect(own.status()).toBe(200);
        expect(body).toContain('data-kids-card');
      } else {
        expect(own.status()).toBe(403);
      }

      // And the visitor still gets the page kept for visitors, not the kids profile's.
      const again = await visitor.get(path);
      expect(again.headers()['etag'], path).toBe(etag);
      expect(await again.text(), path).not.toContain('data-kids-card');
    }
    expect(await (await visitor.get(local(`/movies/${adult}`, lang))).text()).toContain(t.salesman);
    await visitor.dispose();
    await child.dispose();
  });
}
