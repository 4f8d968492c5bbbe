import { expect, test } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';

/** /account/profiles: two members at most (the server's refusal is the toast), edit, delete with confirmation. */
test('en: add two members, the third is refused, rename one and delete the other', async ({
  browser,
  request,
}) => {
  const address = newAddress();
  const token = await signUpByApi(request, newPhone(), 'profiles-1404', address);
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto('/en/account/profiles');
  const cards = page.locator('[data-profile-id]');
  await expect(cards).toHaveCount(1);

  const add = page.getByRole('region', { name: 'Add profile' });
  for (const name of ['Kid', 'Grandma']) {
    await add.getByLabel('Profile name').fill(name);
    // The radios are the pictures themselves (a visually hidden input in each picture's label).
    await add.getByRole('img', { name: 'Saffron' }).click();
    await expect(add.getByRole('radio', { name: 'Saffron' })).toBeChecked();
    await add.getByRole('button', { name: 'Add profile' }).click();
    await expect(cards.filter({ hasText: name })).toBeVisible();
  }
  await add.getByLabel('Profile name').fill('Uncle');
  await add.getByRole('button', { name: 'Add profile' }).click();
  await expect(
    page.locator('[data-sonner-toast][data-type="error"]', { hasText: 'at most two profiles' }),
  ).toBeVisible();
  await expect(cards).toHaveCount(3);

  await page.getByRole('button', { name: 'Edit: Kid' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit profile' });
  await edit.getByLabel('Profile name').fill('Little one');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(cards.filter({ hasText: 'Little one' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete: Grandma' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the profile “Grandma”?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(2);
  // The main profile has no delete button.
  await expect(page.getByRole('button', { name: /^Delete: / })).toHaveCount(1);
  await context.close();
});
