import { expect, test } from '@playwright/test';

/**
 * Suggestions while typing in the search box (issue 25): the combobox pattern, in Persian on a phone
 * (typed with Arabic letters) and in English on a desktop; a title chosen by keyboard opens its page.
 */

const cases = {
  fa: {
    path: '/search',
    viewport: { width: 360, height: 780 },
    label: 'عنوان یا نام عوامل',
    typed: 'جدايي',
    title: 'جدایی نادر از سیمین',
    page: /\/movies\/\d+$/,
    person: { typed: 'كيارستمي', name: 'عباس کیارستمی' },
    count: /^[۰-۹]+ پیشنهاد/,
  },
  en: {
    path: '/en/search',
    viewport: { width: 1280, height: 800 },
    label: 'Title or people',
    typed: 'separation',
    title: 'A Separation',
    page: /\/en\/movies\/\d+$/,
    person: { typed: 'kiarostami', name: 'Abbas Kiarostami' },
    count: /^\d+ suggestions?;/,
  },
} as const;

for (const lang of ['fa', 'en'] as const) {
  const c = cases[lang];

  test(`${lang}: typing shows suggestions; ↓ and Enter open the title`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: c.viewport });
    const page = await context.newPage();
    await page.goto(c.path);
    const box = page.getByRole('combobox', { name: c.label });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.pressSequentially(c.person.typed);
    const list = page.getByRole('listbox');
    await expect(list.locator('[data-suggestion="person"]', { hasText: c.person.name })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    await expect(page.getByRole('status').filter({ hasText: c.count })).toHaveCount(1);
    // Escape closes the list and keeps the words.
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(c.person.typed);

    await box.fill('');
    await box.pressSequentially(c.typed);
    const option = list.getByRole('option', { name: new RegExp(`^${c.title}`) });
    await expect(option).toBeVisible();
    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expect(first).toContainText(c.title);
    await box.press('Enter');
    await expect(page).toHaveURL(c.page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(c.title);
    await context.close();
  });
}

test('fa: choosing a person opens the full search for them', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: 'عنوان یا نام عوامل' });
  await box.pressSequentially('kiarostami');
  await page.locator('[data-suggestion="person"]', { hasText: 'عباس کیارستمی' }).click();
  await expect(page).toHaveURL(/\/search\?q=/);
  expect(Number(await page.locator('[data-result-count]').getAttribute('data-result-count'))).toBeGreaterThan(
    1,
  );
});
