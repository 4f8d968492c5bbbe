import { expect, test, type Page } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * Reactions and comments on a title page: a logged-out like opens the login dialog instead of calling
 * the API; a viewer's comment waits for approval, then (approved through the staff API) is listed.
 */
const texts = {
  fa: {
    like: 'پسندیدم',
    comment: 'نظر شما',
    send: 'ارسال نظر',
    required: 'وارد کردن این فیلد الزامی است',
    pending: 'دیدگاه شما پس از تأیید منتشر خواهد شد',
    loginPrompt: 'برای نوشتن نظر وارد حساب خود شوید.',
  },
  en: {
    like: 'Like',
    comment: 'Your comment',
    send: 'Post comment',
    required: 'Entering this field is required.',
    pending: 'Your comment will be published after approval.',
    loginPrompt: 'Log in to write a comment.',
  },
} as const;

/** A film page of the demo catalogue, found through the search page as a visitor would. */
async function openFilm(page: Page, locale: 'fa' | 'en', nth = 0): Promise<string> {
  await page.goto(locale === 'fa' ? '/search?category=feature' : '/en/search?category=feature');
  const link = page.locator('main ul a[href*="/movies/"]').nth(nth);
  const href = (await link.getAttribute('href')) ?? '';
  await page.goto(href);
  return href;
}

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];

  test(`${locale}: a logged-out like opens the login dialog and calls nothing`, async ({ page }) => {
    const toggles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('-toggle')) toggles.push(request.url());
    });
    await openFilm(page, locale);
    const like = page.getByRole('button', { name: new RegExp(`^${l.like}`) });
    // The page itself shows the counts; the island loads on the press below and still acts on it.
    await expect(like.locator('[data-count]')).toBeVisible();
    await expect(page.getByText(l.loginPrompt)).toBeVisible();
    await like.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(toggles).toEqual([]);
  });

  test(`${locale}: a viewer's comment waits for approval, then is listed`, async ({ browser, request }) => {
    const address = newAddress();
    const token = await signUpByApi(request, newPhone(), 'comment-1404', address);
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await openFilm(page, locale, locale === 'fa' ? 1 : 2);

    // The comments island loads when it scrolls into view.
    await page.locator('[data-comments]').scrollIntoViewIfNeeded();
    const field = page.getByLabel(l.comment);
    await page.getByRole('button', { name: l.send }).click();
    await expect(page.getByText(l.required)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const body = `${locale === 'fa' ? 'نظر آزمایشی' : 'A test comment'} ${Date.now()}`;
    await field.fill(body);
    const posted = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/comments$/.test(response.url()),
    );
    await page.getByRole('button', { name: l.send }).click();
    const reply = await posted;
    expect(reply.status()).toBe(201);
    const { comment } = (await reply.json()) as { comment: { id: number; status: string } };
    expect(comment.status).toBe('pending');
    await expect(page.locator('[data-comment-status]')).toHaveText(l.pending);
    await page.reload();
    await page.locator('[data-comments]').scrollIntoViewIfNeeded();
    await expect(page.getByLabel(l.comment)).toBeVisible();
    await expect(page.getByText(body)).toHaveCount(0);

    const staff = await staffMemberToken(request, 'moderator');
    const approve = await request.post(`/api/v1/staff/comments/${comment.id}/approve`, {
      headers: { Authorization: `Bearer ${staff}` },
    });
    expect(approve.status()).toBe(200);
    await page.reload();
    await page.locator('[data-comments]').scrollIntoViewIfNeeded();
    await expect(page.locator(`[data-comment="${comment.id}"]`)).toContainText(body);
    await context.close();
  });
}
