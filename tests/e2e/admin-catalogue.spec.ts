import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeTestPattern } from '../fixtures/test-pattern';
import { playerReady, pressPlayAndWait } from './player-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * The staff console's catalogue (issue 17) in both languages: a title is created, its source video
 * uploaded, packaged in the background with its progress on the page, scheduled at a cafe, and then it
 * plays. The video is
 * ffmpeg's test pattern, 4 seconds, made once for the file.
 */

const texts = {
  fa: {
    path: '/admin/catalogue',
    create: 'ساختن',
    title: 'نام فارسی',
    enTitle: 'نام انگلیسی',
    synopsis: 'خلاصهٔ فارسی',
    enSynopsis: 'خلاصهٔ انگلیسی',
    slug: 'نامک نشانی (slug)',
    free: 'رایگان برای همه',
    created: 'عنوان ساخته شد',
    required: 'وارد کردن این فیلد الزامی است',
    video: 'بارگذاری ویدیوی اصلی',
    ready: 'بسته‌بندی شد: عنوان اکنون این ویدیو را پخش می‌کند.',
    page: 'صفحهٔ عنوان',
    cafe: 'کافه',
    seats: 'تعداد صندلی',
    startsAt: 'آغاز اکران',
    endsAt: 'پایان اکران',
    seatPriceIrr: 'قیمت هر صندلی به ریال',
    seatPriceUsd: 'قیمت هر صندلی به دلار',
    schedule: 'برنامه‌ریزی در کافه',
    scheduled: 'سانس کافه برنامه‌ریزی شد',
    seatsLine: '۰ فروخته، ۰ رزرو، از ۱۲ صندلی',
  },
  en: {
    path: '/en/admin/catalogue',
    create: 'Create',
    title: 'Persian title',
    enTitle: 'English title',
    synopsis: 'Persian synopsis',
    enSynopsis: 'English synopsis',
    slug: 'Address name (slug)',
    free: 'Free for everyone',
    created: 'The title was created.',
    required: 'Entering this field is required.',
    video: 'Upload the source video',
    ready: 'Packaged: the title plays this video now.',
    page: "The title's page",
    cafe: 'Cafe',
    seats: 'Seats',
    startsAt: 'Screening starts',
    endsAt: 'Screening ends',
    seatPriceIrr: 'Price of a seat in rials',
    seatPriceUsd: 'Price of a seat in dollars',
    schedule: 'Schedule at a cafe',
    scheduled: 'The cafe session was scheduled.',
    seatsLine: '0 sold, 0 held, of 12 seats',
  },
} as const;

let work: string;
let source: string;

test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'admin-catalogue-'));
  source = makeTestPattern(path.join(work, 'test-pattern.mp4'));
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

async function signedInAsStaff(page: Page, token: string) {
  await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
}

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];
  test(`${locale}: staff create a title, upload its video, see it packaged and play it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signedInAsStaff(page, await staffMemberToken(request, 'catalogue'));
    if (locale === 'fa') await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(l.path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('button', { name: l.create, exact: true }).click();

    // Nothing filled in: the server's messages, in the page's language, at the top and beside each field.
    await page.locator('[data-save-title]').click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(l.required);
    await expect(page.getByLabel(l.enTitle, { exact: true })).toHaveAttribute('aria-invalid', 'true');

    const slug = `console-${locale}-${Date.now()}`;
    await page.getByLabel(l.title, { exact: true }).fill('الگوی آزمون');
    await page.getByLabel(l.enTitle, { exact: true }).fill(`Test pattern ${locale}`);
    await page.getByLabel(l.synopsis, { exact: true }).fill('ویدیوی آزمون کنسول.');
    await page.getByLabel(l.enSynopsis, { exact: true }).fill('The console test video.');
    await page.getByLabel(l.slug).fill(slug);
    await page.getByLabel(l.free).check();
    await page.locator('[data-save-title]').click();
    await expect(page.getByText(l.created)).toBeVisible();
    await expect(page).toHaveURL(/\?title=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('title'));

    await page.getByLabel(l.video).setInputFiles(source);
    await expect(page.locator('progress#video-package-progress')).toBeVisible();
    await expect(page.locator('[data-media-status]')).toHaveText(new RegExp(l.ready), { timeout: 150_000 });
    await expect(page.locator('[data-media-job="ready"]')).toBeVisible();
    const titlePage = page.locator('[data-media-status]').getByRole('link', { name: l.page });
    await expect(titlePage).toHaveAttribute('href', locale === 'fa' ? `/movies/${id}` : `/en/movies/${id}`);

    // The title at a demo cafe tomorrow evening: its programme lists it.
    const sessions = page.locator('[data-cafe-sessions]');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await sessions.getByLabel(l.cafe, { exact: true }).selectOption({ index: 1 });
    await sessions.getByLabel(l.seats, { exact: true }).fill('12');
    await sessions.getByLabel(l.startsAt).fill(`${tomorrow}T20:00`);
    await sessions.getByLabel(l.endsAt).fill(`${tomorrow}T22:00`);
    await sessions.getByLabel(l.seatPriceIrr).fill('400000');
    await sessions.getByLabel(l.seatPriceUsd).fill('3');
    await sessions.getByRole('button', { name: l.schedule }).click();
    await expect(page.getByText(l.scheduled)).toBeVisible();
    await expect(sessions.getByRole('listitem')).toContainText(l.seatsLine);

    await page.goto(locale === 'fa' ? `/play/${id}` : `/en/play/${id}`);
    await playerReady(page);
    await pressPlayAndWait(page, 1);
  });
}
