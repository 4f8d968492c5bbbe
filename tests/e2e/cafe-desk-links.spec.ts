import { expect, test } from '@playwright/test';
import { newAddress } from './auth-helpers';
import { newBuyer, phone360 } from './commerce-helpers';
import { staffLogin } from './player-helpers';

/**
 * Issue 24, item 14: the cafe door (/cafe-desk) is found like the console: in the account menu of an
 * account that works a cafe's door, and in the console's navigation when that account is staff too;
 * nowhere for a viewer.
 */

/** The demo cafe staff (README). */
const CAFE_STAFF = { user_name: '09120000020', password: 'cafe-pass-1404' };
const menu = { fa: 'منوی حساب کاربری', en: 'Account menu' } as const;
const door = { fa: 'درِ کافه', en: 'Cafe door' } as const;

test('the cafe staff finds the cafe door in the account menu (fa, 360 px) and in the console (en)', async ({
  browser,
  request,
}) => {
  const token = await staffLogin(request, CAFE_STAFF);
  const context = await browser.newContext({
    viewport: phone360,
    extraHTTPHeaders: { 'X-Forwarded-For': newAddress() },
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: menu.fa }).click();
  await page.getByRole('link', { name: door.fa }).click();
  await expect(page).toHaveURL(/\/cafe-desk$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('درِ کافه');

  // Staff of the console as well: the console's navigation links the door too. The role is taken
  // back at the end, so the demo account stays as it was.
  const admin = { authorization: `Bearer ${await staffLogin(request)}`, 'X-Forwarded-For': newAddress() };
  const granted = await request.post('/api/v1/staff/roles', {
    data: { user_name: CAFE_STAFF.user_name, role: 'moderator' },
    headers: admin,
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const { member } = (await granted.json()) as { member: { user_id: number } };
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/admin');
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await nav.getByRole('link', { name: door.en }).click();
    await expect(page).toHaveURL(/\/en\/cafe-desk$/);
  } finally {
    await request.delete(`/api/v1/staff/roles/${member.user_id}/moderator`, { headers: admin });
  }
  await context.close();
});

test('a viewer has no cafe door in the account menu', async ({ browser, request }) => {
  const { page } = await newBuyer(browser, request, 'en');
  await page.goto('/en');
  await page.getByRole('button', { name: menu.en }).click();
  // The menu is open (its last item is there), and holds neither the console nor the door.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff console' })).toHaveCount(0);
  await expect(page.locator('[data-cafe-desk-link]')).toHaveCount(0);
});
