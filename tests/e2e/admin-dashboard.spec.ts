import { expect, test } from '@playwright/test';
import { staffLogin } from './player-helpers';

/**
 * Issue 24 (11): the console's dashboard shows money (payments, revenue) to finance and admin only;
 * a moderator sees the queues they work (comments, player reports), a finance member no queues.
 */

const password = 'staff-pass-1404';

for (const [role, phone, sees, hidden] of [
  ['moderator', '09120000011', ['Pending comments', 'Open player reports'], ['Revenue', 'Payments started']],
  ['finance', '09120000014', ['Revenue', 'Payments started'], ['Pending comments', 'Open contact messages']],
] as const) {
  test(`the ${role}'s dashboard shows only what a ${role} may see`, async ({ page, request }) => {
    const token = await staffLogin(request, { user_name: phone, password });
    await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto('/en/admin');
    const dashboard = page.locator('[data-admin-dashboard]');
    await expect(dashboard.getByText('Sign-ups')).toBeVisible();
    for (const label of sees) await expect(dashboard.getByText(label, { exact: true })).toBeVisible();
    for (const label of hidden) await expect(dashboard.getByText(label, { exact: true })).toHaveCount(0);
  });
}
