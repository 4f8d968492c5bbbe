import { expect, test, type Locator, type Page } from '@playwright/test';
import { labels, logInByApi, newAddress, newPhone, openLogin, signUpByApi } from './auth-helpers';

/**
 * Issue 25: a toast never covers the open dialog's title or its buttons. The case the viewer meets: a
 * 4th login, where the dialog lists the active devices (a title and a button per device) and an error
 * toast says why, at once.
 */
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxesOf(locator: Locator): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

async function devicesDialog(page: Page, locale: 'fa' | 'en', request: Parameters<typeof signUpByApi>[0]) {
  const l = labels[locale];
  const address = newAddress();
  const phone = newPhone();
  const password = 'toast-over-1404';
  await signUpByApi(request, phone, password, address);
  await logInByApi(request, phone, password, address);
  await logInByApi(request, phone, password, address);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  await page.goto(`${locale === 'en' ? '/en' : ''}/about`);
  const dialog = await openLogin(page, l);
  await dialog.getByLabel(l.userName).fill(phone);
  await dialog.getByRole('button', { name: l.continue }).click();
  await dialog.getByLabel(l.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: l.logIn, exact: true }).click();
  await expect(dialog.getByRole('heading', { name: l.devices })).toBeVisible();
  return dialog;
}

for (const locale of ['fa', 'en'] as const) {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test.describe(`${locale}, ${viewport.width} px`, () => {
      test.use({ viewport });

      test('the toast leaves the dialog’s title and buttons in sight', async ({ page, request }) => {
        const dialog = await devicesDialog(page, locale, request);
        const toast = page.locator('[data-sonner-toast][data-type="error"]').first();
        await expect(toast).toBeVisible();
        await expect(toast).toBeInViewport();
        // Sonner slides the toast in: measure where it settles.
        await expect(toast).toHaveAttribute('data-mounted', 'true');
        await page.waitForTimeout(500);
        const toastBox = (await toast.boundingBox())!;
        const covered = [
          ...(await boxesOf(dialog.getByRole('heading'))),
          ...(await boxesOf(dialog.getByRole('button'))),
        ].filter((box) => overlap(box, toastBox));
        expect(covered).toEqual([]);
      });
    });
  }
}
