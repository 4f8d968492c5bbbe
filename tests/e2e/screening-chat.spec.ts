import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { phone360 } from './commerce-helpers';
import { grant, newViewer, productIdOf, staffLogin } from './player-helpers';
import { newAddress } from './auth-helpers';

/**
 * The live chat of a running screening (issue 30), on a 360 px phone in both languages: two ticket
 * holders on the live player page see each other's messages within a second or two, each drawn in the
 * direction of its own text, and a moderator's deletion from the chat disappears for both.
 */
const langs = [
  { lang: 'fa', prefix: '', chat: 'پیام‌های گفتگو', input: 'پیامی بنویسید', send: 'ارسال', del: 'حذف' },
  { lang: 'en', prefix: '/en', chat: 'Chat messages', input: 'Write a message', send: 'Send', del: 'Delete' },
] as const;

for (const l of langs) {
  test(`${l.lang}: two viewers chat and a moderator's deletion disappears for both`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = await productIdOf(request, 'Tehran Nights', 'tehran-nights-live');
    const contexts: BrowserContext[] = [];
    const open = async (context: BrowserContext): Promise<Page> => {
      contexts.push(context);
      const page = await context.newPage();
      await page.setViewportSize(phone360);
      await page.goto(`${l.prefix}/lives/play/${id}`);
      await expect(page.getByRole('list', { name: l.chat })).toBeVisible({ timeout: 30_000 });
      return page;
    };
    try {
      const [a, b] = await Promise.all([newViewer(browser, request), newViewer(browser, request)]);
      await grant(request, a.phone, { type: 'ticket', product_id: id });
      await grant(request, b.phone, { type: 'ticket', product_id: id });
      const pageA = await open(a.context);
      const pageB = await open(b.context);

      const persian = `سلام از ${l.lang} ${Date.now()}`;
      await pageA.getByRole('textbox', { name: l.input }).fill(persian);
      await pageA.getByRole('button', { name: l.send }).click();
      const english = `Hello back ${l.lang} ${Date.now()}`;
      await pageB.getByRole('textbox', { name: l.input }).fill(english);
      await pageB.getByRole('button', { name: l.send }).click();

      for (const page of [pageA, pageB]) {
        const list = page.getByRole('list', { name: l.chat });
        await expect(list.getByText(persian)).toBeVisible({ timeout: 5_000 });
        await expect(list.getByText(english)).toBeVisible({ timeout: 5_000 });
        // Each message takes the direction of its own first strong character.
        expect(await list.getByText(persian).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
        expect(await list.getByText(english).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      }
      // Fits the phone: the chat does not widen the page.
      expect(await pageA.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone360.width,
      );

      const staff = await staffLogin(request);
      const moderatorContext = await browser.newContext({
        extraHTTPHeaders: { 'X-Forwarded-For': newAddress() },
      });
      await moderatorContext.addInitScript((value) => localStorage.setItem('token', value), staff);
      const moderator = await open(moderatorContext);
      const item = moderator.getByRole('listitem').filter({ hasText: persian });
      await item.getByRole('button', { name: new RegExp(`^${l.del}`) }).click();
      for (const page of [pageA, pageB, moderator]) {
        await expect(page.getByRole('list', { name: l.chat }).getByText(persian)).toHaveCount(0, {
          timeout: 5_000,
        });
        await expect(page.getByRole('list', { name: l.chat }).getByText(english)).toBeVisible();
      }
      await request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${staff}` } });
    } finally {
      for (const context of contexts) await context.close();
    }
  });
}
