import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAddress } from './auth-helpers';
import { phone360 } from './commerce-helpers';
import { grant, newViewer, productIdOf, type Viewer } from './player-helpers';
import { consolePage, staffMemberToken } from './staff-helpers';

/**
 * The audience award on a festival page (issue 30), in both languages on a 360 px phone: a pass holder
 * who watched most of a title votes once, a second vote is refused with a clear message; staff see the
 * live result in the festival's console page and publish it, and the festival page shows it to anyone.
 */

const texts = {
  fa: {
    prefix: '',
    award: 'جایزهٔ تماشاگران',
    vote: 'رأی بدهید',
    counted: 'سپاس، رأی شما شمرده شد.',
    again: 'شما با این بلیت به این عنوان رأی داده‌اید.',
    result: 'میانگین ۴ · ۱ رأی',
    live: '۱ رأی · میانگین ۴',
    publish: 'انتشار نتیجه‌ها',
    published: 'در صفحهٔ جشنواره منتشر شده',
  },
  en: {
    prefix: '/en',
    award: 'Audience award',
    vote: 'Vote',
    counted: 'Thank you, your vote is counted.',
    again: 'You have already voted for this title with this ticket.',
    result: 'Average 4 · 1 vote',
    live: '1 vote · Average 4',
    publish: 'Publish the results',
    published: 'Published on the festival page',
  },
} as const;

/** A new festival of one demo film, made and given an audience award by a catalogue staff member. */
async function newFestival(request: APIRequestContext, staff: string, film: number): Promise<number> {
  const headers = { authorization: `Bearer ${staff}`, 'X-Forwarded-For': newAddress() };
  const created = await request.post('/api/v1/staff/catalogue/titles', {
    headers,
    data: {
      kind: 'festival',
      slug: `award-festival-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
      title: 'جشنوارهٔ جایزه',
      en_title: 'Award festival',
      synopsis: 'جشنواره‌ای با جایزهٔ تماشاگران.',
      en_synopsis: 'A festival with an audience award.',
      category: 'feature',
      programme: [film],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { title } = (await created.json()) as { title: { id: number } };
  const award = await request.put(`/api/v1/staff/festivals/${title.id}/award`, {
    headers,
    data: { window_hours: 24, min_watched_percent: 50 },
  });
  expect(award.status(), await award.text()).toBe(200);
  return title.id;
}

async function watched(request: APIRequestContext, viewer: Viewer, productId: number): Promise<void> {
  const reply = await request.post('/api/v1/core/save-watch-time', {
    data: { product_id: productId, position: 40, duration: 60 },
    headers: { Authorization: `Bearer ${viewer.token}`, 'X-Forwarded-For': viewer.address },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

for (const lang of ['fa', 'en'] as const) {
  const l = texts[lang];

  test(`${lang}, phone: a pass holder votes once, a second vote is refused, the published result shows`, async ({
    browser,
    request,
  }) => {
    const staff = await staffMemberToken(request, 'catalogue');
    const film = await productIdOf(request, 'The Salesman', 'the-salesman');
    const festival = await newFestival(request, staff, film);
    const viewer = await newViewer(browser, request);
    await grant(request, viewer.phone, { type: 'ticket', product_id: festival });
    await watched(request, viewer, film);

    const page = await viewer.context.newPage();
    await page.setViewportSize(phone360);
    await page.goto(`${l.prefix}/festivals/${festival}`);
    const award = page.getByRole('region', { name: l.award });
    await award.scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island[ssr]:has([data-audience-award])')).toHaveCount(0);
    await award.getByRole('radio').nth(3).check();
    await award.getByRole('button', { name: l.vote }).click();
    await expect(award.getByRole('status')).toHaveText(l.counted);
    await award.getByRole('button', { name: l.vote }).click();
    await expect(award.getByRole('alert')).toHaveText(l.again);
    const axe = await new AxeBuilder({ page }).include('[data-audience-award]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    const box = await award.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone360.width);

    // The festival's console page: the live result, then published from there.
    const desk = await consolePage(browser, request, lang, 'catalogue');
    await desk.goto(`${l.prefix}/admin/catalogue?title=${festival}`);
    const part = desk.locator('[data-catalogue-award]');
    await expect(part.getByRole('listitem')).toHaveText([new RegExp(`${l.live}$`)]);
    await part.getByRole('button', { name: l.publish }).click();
    await expect(part.locator('[data-award-state]')).toContainText(l.published);
    await desk.context().close();

    const visitor = await browser.newContext({ viewport: phone360 });
    const open = await visitor.newPage();
    await open.goto(`${l.prefix}/festivals/${festival}`);
    const results = open.getByRole('region', { name: l.award });
    await expect(results.getByRole('listitem')).toHaveText([new RegExp(`${l.result}$`)]);
    await visitor.close();
    await viewer.context.close();
  });
}
