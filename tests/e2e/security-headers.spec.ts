import { expect, test, type Page } from '@playwright/test';

/** Collects every Content-Security-Policy violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

for (const path of ['/', '/en/about', '/contact', '/no-such-page', '/en/no-such-page']) {
  test(`${path} forbids framing, sniffing and scripts we did not write`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSources).toContain("'sha256-");
    expect(scriptSources).not.toContain('unsafe-inline');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
}

for (const path of ['/', '/about', '/en/about', '/terms']) {
  test(`${path}: the policy lets the inline theme script run before the body`, async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
    expect(await violations()).toEqual([]);
  });
}

test('the policy lets the contact island and its toasts run', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/en/contact');
  await expect(page.getByRole('img', { name: 'Security code image' })).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('[data-sonner-toast][data-type="error"]').first()).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Dark theme' });
  const before = await page.locator('html').getAttribute('data-theme');
  await toggle.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', before ?? '');

  expect(await violations()).toEqual([]);
});

test('static assets are served with nosniff', async ({ request }) => {
  const response = await request.get('/favicon.svg');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
});

test('the API serves clients that send no Origin and cross-site form posts (no cookie auth to protect)', async ({
  request,
}) => {
  const upload = await request.post('/api/v1/me/profiles', { multipart: { name: 'App' } });
  expect(upload.status()).toBe(401);
  const crossSite = await request.post('/api/v1/core/contact', {
    headers: { origin: 'https://bank.example', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'full_name=x',
  });
  // The API itself answers (this route takes JSON only), rather than an origin check's 403.
  expect(crossSite.status()).toBe(415);
});
