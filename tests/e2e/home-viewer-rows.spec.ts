import { expect, test } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';

/**
 * The home page is the same (cached) document for everyone; a signed-in profile's own rows arrive
 * afterwards from /partials/viewer-rows with the stored token, and nobody else sees them.
 */
const texts = {
  fa: { favorites: 'فهرست علاقه‌مندی‌های شما', watching: 'ادامه تماشا', progress: '۲۵٪ دیده شده' },
  en: { favorites: 'Your favorites', watching: 'Continue watching', progress: '25% watched' },
} as const;

for (const locale of ['fa', 'en'] as const) {
  test(`${locale}: a favorite and a title half-seen show up in the viewer's own rows on the home page`, async ({
    browser,
    request,
  }) => {
    const address = newAddress();
    const token = await signUpByApi(request, newPhone(), 'rows-pass-1404', address);
    const search = await request.get('/api/v1/search?category=feature');
    const [film, started] = (
      (await search.json()) as { items: { id: number; title: string; en_title: string }[] }
    ).items;
    if (!film || !started) throw new Error('the demo catalogue has too few feature films');
    const favorite = await request.post(`/api/v1/me/favorite/${film.id}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address },
    });
    expect(favorite.status()).toBe(200);
    const saved = await request.post('/api/v1/core/save-watch-time', {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address },
      data: { product_id: started.id, position: 150, duration: 600 },
    });
    expect(saved.status()).toBe(200);

    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(locale === 'fa' ? '/' : '/en', { waitUntil: 'networkidle' });
    await expect(visitor.getByRole('heading', { name: texts[locale].favorites })).toHaveCount(0);
    await anonymous.close();

    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await page.goto(locale === 'fa' ? '/' : '/en');
    const row = page.getByRole('region', { name: texts[locale].favorites });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: locale === 'fa' ? film.title : film.en_title })).toBeVisible();
    const watching = page.getByRole('region', { name: texts[locale].watching });
    const resume = watching.getByRole('link', { name: locale === 'fa' ? started.title : started.en_title });
    await expect(resume).toHaveAttribute('href', `${locale === 'fa' ? '' : '/en'}/play/${started.id}`);
    await expect(watching.getByText(texts[locale].progress)).toBeVisible();
    // The bar fills from the line's start: the right edge in Persian, the left in English (issue 25).
    const track = (await watching.locator('[data-progress-track]').boundingBox())!;
    const filled = (await watching.locator('[data-progress-fill]').boundingBox())!;
    expect(filled.width).toBeCloseTo(track.width / 4, 0);
    if (locale === 'fa') expect(filled.x + filled.width).toBeCloseTo(track.x + track.width, 0);
    else expect(filled.x).toBeCloseTo(track.x, 0);
    await context.close();
  });
}

test('the viewer rows are private: no token, no rows', async ({ request }) => {
  const reply = await request.get('/partials/viewer-rows?lang=fa');
  expect(reply.status()).toBe(204);
  expect(reply.headers()['cache-control']).toBe('private, no-store');
});
