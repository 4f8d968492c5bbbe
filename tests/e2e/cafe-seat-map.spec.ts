import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { localDigits } from '~/lib/format';
import type { CafeProducts, Cafes, CafeSession, SeatPlace } from '~/shared/cafes';
import type { CreatedPayment } from '~/shared/commerce';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { atBank, local, newBuyer, phone360, words, type Lang } from './commerce-helpers';

/**
 * Numbered cafe seats (issue 25): Parde's A Separation session has a seat map (five rows of six, an
 * aisle in the middle). A viewer picks seats with the keyboard on a 360 px phone in Persian (seat 1 on
 * the right, the arrows following the screen) and with the mouse on a desktop in English, the price
 * follows the seats chosen, the bank is paid and the ticket names the seat; a seat another viewer took
 * shows as taken and cannot be chosen.
 */

const seatWords = {
  fa: {
    book: 'رزرو صندلی',
    map: 'نقشهٔ صندلی‌ها',
    toSeats: 'دیدن کدهای صندلی',
    seat: ({ row, number }: SeatPlace) =>
      `ردیف ${localDigits(row, 'fa')}، صندلی ${localDigits(number, 'fa')}`,
  },
  en: {
    book: 'Book seats',
    map: 'Seat map',
    toSeats: 'See your seat codes',
    seat: ({ row, number }: SeatPlace) => `Row ${row}, seat ${number}`,
  },
} as const;

/** The demo session with a seat map. */
async function numberedSession(request: APIRequestContext): Promise<CafeSession> {
  const { cafes } = (await (await request.get('/api/v1/cafes')).json()) as Cafes;
  const parde = cafes.find((cafe) => cafe.slug === 'parde')!;
  const { sessions } = (await (
    await request.get(`/api/v1/cafes/${parde.id}/get-products?currency=IRR`)
  ).json()) as CafeProducts;
  const session = sessions.find((candidate) => candidate.numbered);
  expect(session, 'a demo session with a seat map').toBeTruthy();
  return session!;
}

/** Another viewer bought this seat through the API and paid at the sandbox bank. */
async function takenByAnother(request: APIRequestContext, sessionId: number, place: SeatPlace) {
  const address = newAddress();
  const token = await signUpByApi(request, newPhone(), 'buyer-pass-1404', address);
  const started = await request.post('/api/v1/payments', {
    data: {
      type: 'BUY_CAFE_TICKET',
      item_id: sessionId,
      seats: 1,
      places: [place],
      currency: 'IRR',
      gateway: 'sandbox',
    },
    headers: { authorization: `Bearer ${token}`, 'X-Forwarded-For': address },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { redirect } = (await started.json()) as CreatedPayment;
  expect((await request.post(redirect!.url, { form: { action: 'pay' } })).ok()).toBe(true);
}

/** The cafe page with the session chosen, scrolled to its booking (the island loads when in view). */
async function seatMapOf(page: Page, lang: Lang, session: CafeSession): Promise<Locator> {
  await page.goto(local(`/cafes/parde?title=${session.product.id}`, lang));
  await page.getByRole('heading', { level: 2, name: seatWords[lang].book }).scrollIntoViewIfNeeded();
  await expect(page.locator(`input[type="radio"][value="${session.id}"]`)).toBeChecked();
  const grid = page.getByRole('grid', { name: seatWords[lang].map });
  await expect(grid).toBeVisible();
  return grid;
}

const seatOf = (grid: Locator, lang: Lang, place: SeatPlace) =>
  grid.getByRole('button', { name: seatWords[lang].seat(place), exact: true });

async function expectFitsViewport(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

/** The chosen seats are paid at the bank; the tickets name them. */
async function payAndSeeTickets(page: Page, lang: Lang, places: SeatPlace[]) {
  const summary = page.getByRole('complementary');
  await expect(summary.locator('[aria-busy="true"]')).toHaveCount(0);
  await summary.getByRole('button', { name: words[lang].pay }).click();
  await atBank(page, 'pay');
  await expect(page.getByRole('heading', { name: words[lang].success })).toBeVisible();
  await page.getByRole('link', { name: seatWords[lang].toSeats }).click();
  const tickets = page.locator('[data-cafe-ticket]');
  await expect(tickets).toHaveCount(places.length);
  for (const place of places)
    await expect(tickets.filter({ hasText: seatWords[lang].seat(place) })).toHaveCount(1);
}

test('fa: on a phone, seats are picked with the keyboard, paid for, and then taken for the next viewer', async ({
  browser,
  request,
}) => {
  const lang = 'fa';
  const session = await numberedSession(request);
  const taken = { row: 3, number: 1 };
  await takenByAnother(request, session.id, taken);
  const { page } = await newBuyer(browser, request, lang);
  const grid = await seatMapOf(page, lang, session);
  await expectFitsViewport(page);
  // At 320 px the hall is wider than its box: it scrolls sideways inside the box, the page does not.
  await page.setViewportSize({ width: 320, height: 780 });
  await expectFitsViewport(page);
  const box = await page
    .locator('[data-seat-map-box]')
    .evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(box.scroll).toBeGreaterThan(box.client);
  await page.setViewportSize(phone360);

  // Seat 1 sits on the right in Persian; the seat another viewer took cannot be chosen.
  const first = seatOf(grid, lang, { row: 1, number: 1 });
  const second = seatOf(grid, lang, { row: 1, number: 2 });
  expect((await first.boundingBox())!.x).toBeGreaterThan((await second.boundingBox())!.x);
  await expect(seatOf(grid, lang, taken)).toHaveAttribute('aria-disabled', 'true');

  // One seat is in the tab order; the arrows move as the seats look: left is the next seat, down the
  // next row, and the aisle is stepped over.
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
  await first.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const chosen = [
    { row: 2, number: 2 },
    { row: 2, number: 4 },
  ];
  await expect(seatOf(grid, lang, chosen[0]!)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(seatOf(grid, lang, chosen[0]!)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(seatOf(grid, lang, chosen[1]!)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(seatOf(grid, lang, chosen[1]!)).toHaveAttribute('aria-pressed', 'true');
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
  await expect(page.locator('[data-chosen-seats]')).toHaveText(
    `صندلی‌های شما: ${seatWords.fa.seat(chosen[0]!)}؛ ${seatWords.fa.seat(chosen[1]!)}`,
  );
  await expectFitsViewport(page);
  await payAndSeeTickets(page, lang, chosen);

  // The next viewer (in English, on a desktop) finds those seats taken.
  const next = await newBuyer(browser, request, 'en');
  const theirs = await seatMapOf(next.page, 'en', session);
  for (const place of chosen) {
    const seat = seatOf(theirs, 'en', place);
    await expect(seat).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled keeps it focusable and announced; a click (forced past Playwright's check) does nothing.
    await seat.click({ force: true });
    await expect(seat).toHaveAttribute('aria-pressed', 'false');
  }
});

test('en: on a desktop, seats are picked with the mouse; the price follows them and the ticket names them', async ({
  browser,
  request,
}) => {
  const lang = 'en';
  const session = await numberedSession(request);
  const taken = { row: 5, number: 6 };
  await takenByAnother(request, session.id, taken);
  const { page } = await newBuyer(browser, request, lang);
  const grid = await seatMapOf(page, lang, session);

  // Seat 1 sits on the left in English.
  const first = seatOf(grid, lang, { row: 1, number: 1 });
  expect((await first.boundingBox())!.x).toBeLessThan(
    (await seatOf(grid, lang, { row: 1, number: 2 }).boundingBox())!.x,
  );
  await expect(seatOf(grid, lang, taken)).toHaveAttribute('aria-disabled', 'true');
  await seatOf(grid, lang, taken).click({ force: true });
  await expect(seatOf(grid, lang, taken)).toHaveAttribute('aria-pressed', 'false');

  const chosen = [
    { row: 4, number: 5 },
    { row: 4, number: 6 },
  ];
  const total = page.getByRole('complementary').locator('[data-line="total"]');
  await seatOf(grid, lang, chosen[0]!).click();
  await expect(total).toBeVisible();
  await expect(page.getByRole('complementary').locator('[aria-busy="true"]')).toHaveCount(0);
  const oneSeat = await total.textContent();
  await seatOf(grid, lang, chosen[1]!).click();
  await expect(total).not.toHaveText(oneSeat!);
  await expect(page.locator('[data-chosen-seats]')).toHaveText('Your seats: Row 4, seat 5; Row 4, seat 6.');
  await expectFitsViewport(page);
  await payAndSeeTickets(page, lang, chosen);
});
