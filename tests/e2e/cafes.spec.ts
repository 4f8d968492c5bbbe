import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CafeProducts, Cafes, CafeTickets } from '~/shared/cafes';
import type { CreatedPayment } from '~/shared/commerce';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { atBank, langs, local, newBuyer, phone360, words } from './commerce-helpers';
import { productIdOf, staffLogin } from './player-helpers';

/**
 * Cafes (issue 14), in both languages: a viewer finds a cafe showing a screening from its page, books
 * two seats through the sandbox bank and sees both codes with their QR codes; the demo cafe staff
 * checks a code in at the door twice and hears the second time that it was already used.
 */

const cafeWords = {
  fa: {
    together: 'تماشای گروهی در کافه',
    city: 'شهر',
    show: 'نمایش کافه‌ها',
    seats: 'تعداد صندلی',
    toSeats: 'دیدن کدهای صندلی',
    book: 'رزرو صندلی',
    code: 'کد صندلی',
    check: 'ثبت ورود',
    valid: 'معتبر برای این سانس؛ خوش آمدید',
    used: 'این بلیت پیش‌تر استفاده شده است',
    door: 'در اصلی',
    otherSession: 'این بلیت برای سانس دیگری است',
    prompt: 'سانس دیگری از همین کافه در امروز',
    admitOther: 'ثبت ورود برای آن سانس',
    noTickets: 'هنوز بلیتی ندارید.',
  },
  en: {
    together: 'Watch it together in a cafe',
    city: 'City',
    show: 'Show cafes',
    seats: 'Number of seats',
    toSeats: 'See your seat codes',
    book: 'Book seats',
    code: 'Seat code',
    check: 'Check in',
    valid: 'Valid for this session; welcome.',
    used: 'This ticket has already been used.',
    door: 'Main door',
    otherSession: 'This ticket is for another session.',
    prompt: 'another session of this cafe today',
    admitOther: 'Check in for that session',
    noTickets: 'You have no tickets yet.',
  },
} as const;

/** The demo cafe staff (README), and the city each language's buyer looks in. */
const STAFF = { phone: '09120000020', password: 'cafe-pass-1404', cafe: 'roshanai' };
const cityOf = {
  fa: { key: 'shiraz', cafe: 'narenjestan' },
  en: { key: 'isfahan', cafe: 'chaharbagh' },
} as const;

async function orangeGroveSession(request: APIRequestContext, cafeSlug: string) {
  return cafeSession(request, cafeSlug, 'The Orange Grove', 'the-orange-grove-live');
}

/** A screening's session at a cafe, with its start. */
async function cafeSession(request: APIRequestContext, cafeSlug: string, query: string, slug: string) {
  const productId = await productIdOf(request, query, slug);
  const { cafes } = (await (await request.get(`/api/v1/cafes?product_id=${productId}`)).json()) as Cafes;
  const cafe = cafes.find((candidate) => candidate.slug === cafeSlug)!;
  const products = (await (
    await request.get(`/api/v1/cafes/${cafe.id}/get-products?currency=IRR`)
  ).json()) as CafeProducts;
  const session = products.sessions.find((candidate) => candidate.product.id === productId)!;
  return { productId, cafeId: cafe.id, sessionId: session.id, startsAt: Date.parse(session.starts_at) };
}

/** A viewer who bought seats through the API and paid at the sandbox bank; their seat codes. */
async function seatCodes(request: APIRequestContext, sessionId: number, seats: number): Promise<string[]> {
  const address = newAddress();
  const token = await signUpByApi(request, newPhone(), 'buyer-pass-1404', address);
  const headers = { authorization: `Bearer ${token}`, 'X-Forwarded-For': address };
  const started = await request.post('/api/v1/payments', {
    data: { type: 'BUY_CAFE_TICKET', item_id: sessionId, seats, currency: 'IRR', gateway: 'sandbox' },
    headers,
  });
  expect(started.status(), await started.text()).toBe(201);
  const { redirect } = (await started.json()) as CreatedPayment;
  const paid = await request.post(redirect!.url, { form: { action: 'pay' } });
  expect(paid.ok()).toBe(true);
  const reply = await request.get('/api/v1/me/cafe-tickets', { headers });
  return ((await reply.json()) as CafeTickets).tickets.map((ticket) => ticket.code);
}

for (const lang of langs) {
  test(`${lang}: a viewer finds a cafe showing a screening, books two seats and sees both codes`, async ({
    browser,
    request,
  }) => {
    const c = cafeWords[lang];
    const { productId, sessionId } = await orangeGroveSession(request, cityOf[lang].cafe);
    const { page } = await newBuyer(browser, request, lang);
    // Nothing bought yet: the one case for the empty state.
    await page.goto(local('/account/tickets', lang));
    await expect(page.getByText(c.noTickets)).toBeVisible();
    await page.goto(local(`/lives/${productId}`, lang));
    await page.getByRole('link', { name: c.together }).click();
    await expect(page).toHaveURL(new RegExp(`/cafes\\?title=${productId}$`));
    await page.getByLabel(c.city).selectOption(cityOf[lang].key);
    await page.getByRole('button', { name: c.show }).click();
    const card = page.locator(`[data-cafe="${cityOf[lang].cafe}"]`);
    await expect(page.locator('[data-cafe]')).toHaveCount(1);
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/cafes/${cityOf[lang].cafe}\\?title=${productId}$`));

    // The screening is the chosen session; two seats, priced by the server, paid at the bank. The
    // booking island loads when it comes into view, as when a viewer scrolls to it.
    await page.getByRole('heading', { level: 2, name: c.book }).scrollIntoViewIfNeeded();
    await expect(page.locator(`input[type="radio"][value="${sessionId}"]`)).toBeChecked();
    await page.getByLabel(c.seats).selectOption('2');
    const summary = page.getByRole('complementary');
    await expect(summary.locator('[data-line="total"]')).toBeVisible();
    await expect(summary.locator('[aria-busy="true"]')).toHaveCount(0);
    await summary.getByRole('button', { name: words[lang].pay }).click();
    await atBank(page, 'pay');
    await expect(page.getByRole('heading', { name: words[lang].success })).toBeVisible();

    await page.getByRole('link', { name: c.toSeats }).click();
    await expect(page).toHaveURL(new RegExp(`${local('/account/tickets', lang)}$`));
    const seats = page.locator('[data-cafe-ticket]');
    await expect(seats).toHaveCount(2);
    const codes = await seats.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-cafe-ticket')),
    );
    expect(new Set(codes).size).toBe(2);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const seat = page.locator(`[data-cafe-ticket="${code}"]`);
      await expect(seat.getByRole('img')).toBeVisible();
      await expect(seat.locator('[data-ticket-code]')).toHaveText(code!);
      await expect(seat.locator('[data-status="valid"]')).toBeVisible();
    }
    // Seats are tickets: the empty state is not shown under them (issue 24, item 7).
    await expect(page.getByText(c.noTickets)).toHaveCount(0);
  });

  test(`${lang}: cafe staff check a code in; the second time it is already used`, async ({
    browser,
    request,
  }) => {
    const c = cafeWords[lang];
    const { sessionId } = await orangeGroveSession(request, STAFF.cafe);
    const [code, laterCode] = await seatCodes(request, sessionId, 2);
    const kamkars = await cafeSession(request, STAFF.cafe, 'Kamkars', 'kamkars-night-live');
    const [todayCode] = await seatCodes(request, kamkars.sessionId, 1);
    const address = newAddress();
    const token = await staffLogin(request, { user_name: STAFF.phone, password: STAFF.password });
    const context = await browser.newContext({
      viewport: lang === 'fa' ? phone360 : { width: 1280, height: 800 },
      extraHTTPHeaders: { 'X-Forwarded-For': address },
    });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await page.goto(local('/cafe-desk', lang));

    // Every session's line is whole on a phone (a select cut "19:30" to "9:30"), A Separation's 19:30
    // (Tehran) included, in a list named "Session".
    const sessions = page.getByRole('group', { name: lang === 'fa' ? 'سانس' : 'Session' });
    await expect(sessions.getByRole('radio').first()).toBeVisible();
    const cut = await page
      .locator('[data-desk-session]')
      .evaluateAll((labels) =>
        labels.filter(
          (label) =>
            label.scrollWidth > label.clientWidth || label.getBoundingClientRect().right > innerWidth,
        ),
      );
    expect(cut).toEqual([]);
    await expect(
      page.locator('[data-desk-session]').filter({ hasText: lang === 'fa' ? '۱۹:۳۰' : '19:30' }),
    ).toHaveCount(1);
    await page.locator(`[data-desk-session="${sessionId}"]`).getByRole('radio').check();
    const field = page.getByRole('textbox', { name: c.code });
    await field.fill(code!.toLowerCase());
    await page.getByRole('button', { name: c.check }).click();
    await expect(page.getByRole('status')).toContainText(c.valid);
    await expect(page.locator('[data-check-result]')).toHaveAttribute('data-check-result', 'checked_in');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');

    await field.fill(code!);
    await field.press('Enter');
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText(c.used);
    await expect(refusal).toContainText(c.door);
    await expect(page.locator('[data-check-result]')).toHaveAttribute('data-check-result', 'already_used');

    // A ticket of another session of this cafe today (this device's clock a minute before the Kamkars
    // session): the door is told so and admits it there once it confirms.
    await page.clock.setFixedTime(new Date(kamkars.startsAt - 60_000));
    await field.fill(todayCode!);
    await field.press('Enter');
    await expect(refusal).toContainText(c.otherSession);
    await expect(refusal).toContainText(c.prompt);
    await refusal.getByRole('button', { name: c.admitOther }).click();
    await expect(page.getByRole('status')).toContainText(c.valid);
    await expect(page.locator('[data-check-result]')).toHaveAttribute('data-check-result', 'checked_in');
    // One of another day is refused, with nothing to confirm.
    await page.locator(`[data-desk-session="${kamkars.sessionId}"]`).getByRole('radio').check();
    await field.fill(laterCode!);
    await field.press('Enter');
    await expect(refusal).toContainText(c.otherSession);
    await expect(refusal.getByRole('button')).toHaveCount(0);
  });
}
