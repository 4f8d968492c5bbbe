import { expect, test } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';

/**
 * The home page is the same (cached) document for everyone; a signed-in profile's own rows arrive
 * afterwards from /partials/viewer-rows with the stored token, and nobody else sees them.
 */
const headings = {
  fa: { favorites: 'فهرست علاقه‌مندی‌های شما' },
  en: { favorites: 'Your favorites' },
} as const;

for (const locale of ['fa', 'en'] as const) {
  test(`${locale}: a favorite shows up in the viewer's own row on the home page`, async ({
    browser,
    request,
  }) => {
    const address = newAddress();
    const token = await signUpByApi(request, newPhone(), 'rows-pass-1404', address);
    const search = await request.get('/api/v1/search?category=feature');
    const [film] = ((await search.json()) as { items: { id: number; title: string; en_title: string }[] })
      .items;
    if (!film) throw new Error('the demo catalogue has no feature film');
    const favorite = await request.post(`/api/v1/me/favorite/${film.id}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address },
    });
    expect(favorite.status()).toBe(200);

    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(locale === 'fa' ? '/' : '/en', { waitUntil: 'networkidle' });
    await expect(visitor.getByRole('heading', { name: headings[locale].favorites })).toHaveCount(0);
    await anonymous.close();

    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await page.goto(locale === 'fa' ? '/' : '/en');
    const row = page.getByRole('region', { name: headings[locale].favorites });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: locale === 'fa' ? film.title : film.en_title })).toBeVisible();
    await context.close();
  });
}

test('the viewer rows are private: no token, no rows', async ({ request }) => {
  const reply = await request.get('/partials/viewer-rows?lang=fa');
  expect(reply.status()).toBe(204);
  expect(reply.headers()['cache-control']).toBe('private, no-store');
});
