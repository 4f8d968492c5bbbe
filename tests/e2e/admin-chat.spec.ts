import { expect, test } from '@playwright/test';
import { newAddress } from './auth-helpers';
import { phone360 } from './commerce-helpers';
import { grant, newViewer, productIdOf, staffLogin } from './player-helpers';

/**
 * The console's screening chats (issue 30), on a 360 px phone in both languages: a moderator picks the
 * running screening, sees a reported message among the reports and in the chat, deletes it from the
 * reports, and it leaves the chat at once.
 */
const langs = [
  {
    lang: 'fa',
    prefix: '',
    pick: 'اکران',
    chat: 'پیام‌های گفتگو',
    reports: 'پیام‌های گزارش‌شده',
    del: 'حذف',
    gone: 'حذف‌شده',
  },
  {
    lang: 'en',
    prefix: '/en',
    pick: 'Screening',
    chat: 'Chat messages',
    reports: 'Reported messages',
    del: 'Delete',
    gone: 'deleted',
  },
] as const;

for (const l of langs) {
  test(`${l.lang}: a moderator deletes a reported chat message from the console`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const id = await productIdOf(request, 'Tehran Nights', 'tehran-nights-live');
    const [writer, reporter] = await Promise.all([newViewer(browser, request), newViewer(browser, request)]);
    await grant(request, writer.phone, { type: 'ticket', product_id: id });
    await grant(request, reporter.phone, { type: 'ticket', product_id: id });
    const body = `console ${l.lang} ${Date.now()}`;
    const sent = await request.post(`/api/v1/screenings/${id}/chat`, {
      data: { body },
      headers: { Authorization: `Bearer ${writer.token}`, 'X-Forwarded-For': writer.address },
    });
    expect(sent.status()).toBe(201);
    const { id: messageId } = (await sent.json()) as { id: number };
    const reported = await request.post(`/api/v1/chat-messages/${messageId}/report`, {
      headers: { Authorization: `Bearer ${reporter.token}`, 'X-Forwarded-For': reporter.address },
    });
    expect(reported.status()).toBe(200);

    const staff = await staffLogin(request);
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': newAddress() } });
    try {
      await context.addInitScript((value) => localStorage.setItem('token', value), staff);
      const page = await context.newPage();
      await page.setViewportSize(phone360);
      await page.goto(`${l.prefix}/admin/chat`);
      await page.getByRole('combobox', { name: l.pick }).selectOption(String(id));
      const chat = page.getByRole('list', { name: l.chat });
      await expect(chat.getByText(body)).toBeVisible({ timeout: 15_000 });
      const reports = page.getByRole('region', { name: l.reports });
      const item = reports.getByRole('listitem').filter({ hasText: body });
      await item.getByRole('button', { name: new RegExp(`^${l.del}`) }).click();
      await expect(chat.getByText(body)).toHaveCount(0, { timeout: 5_000 });
      await expect(item).toContainText(l.gone);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone360.width,
      );
    } finally {
      await context.close();
      await writer.context.close();
      await reporter.context.close();
      await request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${staff}` } });
    }
  });
}
