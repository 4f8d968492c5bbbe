import { expect, test, type Browser, type Page } from '@playwright/test';
import { localPath } from '~/lib/locale';
import { labels, newAddress, newPhone, signUpByApi } from './auth-helpers';

/**
 * Issue 19: the favorites page (add on a title page, find it, remove it there, the empty state) and the
 * quiet sign-out of SPEC §8, in both languages on a 360 px phone.
 */
const phone = { width: 360, height: 780 };

const words = {
  fa: {
    favorites: 'علاقه‌مندی‌ها',
    add: 'افزودن به علاقه‌مندی‌ها',
    remove: (name: string) => `حذف «${name}» از علاقه‌مندی‌ها`,
    browse: 'جستجو در فیلم‌ها و سریال‌ها',
  },
  en: {
    favorites: 'Favorites',
    add: 'Add to favorites',
    remove: (name: string) => `Remove “${name}” from favorites`,
    browse: 'Browse films and series',
  },
} as const;

/** A signed-up viewer's phone-sized browser, signed in on its first page load only. */
async function viewer(browser: Browser, token: string, address: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', value);
    }
  }, token);
  return context.newPage();
}

const toasts = (page: Page, type: 'error' | 'success') =>
  page.locator(`[data-sonner-toast][data-type="${type}"]`);

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  const local = (path: string) => localPath(path, locale);

  test(`${locale}: favorite a title, find it on the favorites page, remove it there`, async ({
    browser,
    request,
  }) => {
    const address = newAddress();
    const token = await signUpByApi(request, newPhone(), 'favorites-1404', address);
    const page = await viewer(browser, token, address);

    await page.goto(local('/search?category=feature'));
    const film = page.locator('main ul a[href*="/movies/"]').first();
    await page.goto((await film.getAttribute('href')) ?? '');
    const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    // Its name becomes "in favorites" once pressed, so it is found by what it is.
    const favorite = page.locator('main [data-favorite]');
    await expect(favorite).toHaveAccessibleName(w.add);
    await favorite.click();
    await expect(favorite).toHaveAttribute('aria-pressed', 'true');

    await page.goto(local('/account/favorites'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.favorites);
    const nav = page.getByRole('navigation', {
      name: locale === 'fa' ? 'بخش‌های حساب کاربری' : 'Account sections',
    });
    await expect(nav.getByRole('link', { name: w.favorites })).toHaveAttribute('aria-current', 'page');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await card.getByRole('button', { name: w.remove(name) }).click();
    await expect(toasts(page, 'success')).toBeVisible();
    const browse = page.getByRole('link', { name: w.browse });
    await expect(browse).toBeVisible();
    await expect(browse).toBeFocused();
    await expect(browse).toHaveAttribute('href', local('/search'));
    await page.reload();
    await expect(browse).toBeVisible();
  });

  test(`${locale}: a token revoked from another device ends in the logged-out header, with no toast`, async ({
    browser,
    request,
  }) => {
    const address = newAddress();
    const token = await signUpByApi(request, newPhone(), 'revoked-1404', address);
    const page = await viewer(browser, token, address);
    await page.goto(local('/account/favorites'));
    await expect(page.getByRole('banner').getByRole('button', { name: labels[locale].menu })).toBeVisible();

    // Another device ends this session.
    const ended = await request.post('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address },
    });
    expect(ended.ok()).toBe(true);

    for (const path of ['/account/favorites', '/']) {
      await page.goto(local(path));
      await expect(page.getByRole('banner').getByRole('button', { name: labels[locale].open })).toBeVisible();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await expect(page.locator('html')).not.toHaveAttribute('data-auth', /.*/);
    }
    await page.goto(local('/account/favorites'));
    await expect(page.getByText(labels[locale].pleaseLogIn)).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });
}
