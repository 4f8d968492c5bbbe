import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ICAL from 'ical.js';
import { outboxFile } from '../../playwright.config';
import { makeTestPattern } from '../fixtures/test-pattern';
import { newAddress, toPersianDigits } from './auth-helpers';
import { phone360 } from './commerce-helpers';
import { grant, newViewer, productIdOf } from './player-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * A screening's page before it starts (issue 30), in both languages on a 360 px phone: the waiting
 * room counts down and the screening plays by itself at the start; "Remind me" puts one message in
 * the outbox; the .ics file downloads and parses with the right start.
 */

const texts = {
  fa: {
    prefix: '',
    room: 'اتاق انتظار',
    remind: 'یادآوری کن',
    reminded: 'یادآوری ثبت شد',
    calendar: 'افزودن به تقویم (.ics)',
    waiting: `${toPersianDigits('1')} دارنده‌ی بلیت در انتظار`,
    chat: 'پیام‌های گفتگو',
    chatInput: 'پیامی بنویسید',
  },
  en: {
    prefix: '/en',
    room: 'Waiting room',
    remind: 'Remind me',
    reminded: 'Reminder set',
    calendar: 'Add to calendar (.ics)',
    waiting: '1 ticket holder waiting',
    chat: 'Chat messages',
    chatInput: 'Write a message',
  },
} as const;

let work: string;
let video: string;
test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waiting-room-'));
  video = path.join(work, 'pattern.mp4');
  makeTestPattern(video, 6);
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Screening {
  id: number;
  fields: Record<string, unknown>;
}

/** A new free-to-ticket screening made by a catalogue staff member, starting at `startsAt`. */
async function newScreening(request: APIRequestContext, staff: string, startsAt: Date): Promise<Screening> {
  const fields = {
    kind: 'screening',
    slug: `waiting-room-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    title: 'اکران اتاق انتظار',
    en_title: 'Waiting room screening',
    synopsis: 'یادداشتی برای تماشاگران پیش از آغاز.',
    en_synopsis: 'A note for the audience before the start.',
    category: 'short',
    starts_at: startsAt.toISOString(),
    ends_at: new Date(startsAt.getTime() + 3600_000).toISOString(),
  };
  const created = await request.post('/api/v1/staff/catalogue/titles', {
    headers: { authorization: `Bearer ${staff}`, 'X-Forwarded-For': newAddress() },
    data: fields,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { title } = (await created.json()) as { title: { id: number } };
  return { id: title.id, fields };
}

for (const lang of ['fa', 'en'] as const) {
  const l = texts[lang];

  test(`${lang}: the waiting room counts down and the screening starts playing by itself`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const staff = await staffMemberToken(request, 'catalogue');
    const auth = { authorization: `Bearer ${staff}`, 'X-Forwarded-For': newAddress() };
    const screening = await newScreening(request, staff, new Date(Date.now() + 3600_000));
    const upload = await request.put(`/api/v1/staff/catalogue/titles/${screening.id}/video`, {
      headers: { ...auth, 'content-type': 'video/mp4' },
      data: readFileSync(video),
    });
    expect(upload.status(), await upload.text()).toBe(202);
    const { job } = (await upload.json()) as { job: { id: number } };
    await expect
      .poll(
        async () => {
          const reply = await request.get(`/api/v1/staff/catalogue/media-jobs/${job.id}`, { headers: auth });
          return ((await reply.json()) as { status: string }).status;
        },
        { timeout: 150_000, intervals: [1000] },
      )
      .toBe('ready');
    // Now it starts a few seconds from now.
    const startsAt = new Date(Date.now() + 20_000);
    const moved = await request.put(`/api/v1/staff/catalogue/titles/${screening.id}`, {
      headers: auth,
      data: {
        ...screening.fields,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 3600_000).toISOString(),
      },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    const viewer = await newViewer(browser, request);
    await grant(request, viewer.phone, { type: 'ticket', product_id: screening.id });
    const page = await viewer.context.newPage();
    await page.setViewportSize(phone360);
    await page.goto(`${l.prefix}/lives/${screening.id}`);
    const room = page.getByRole('region', { name: l.room });
    await expect(room).toBeVisible();
    const timer = room.getByRole('timer');
    await expect(timer).not.toBeEmpty();
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    if (lang === 'fa') expect(first).toMatch(/[۰-۹]/);
    // This viewer holds a ticket and has the room open: one waiting, and no name.
    await expect(room.getByText(l.waiting)).toBeVisible({ timeout: 15_000 });
    await expect(room.getByText(lang === 'fa' ? 'یادداشت برنامه' : 'Programme note')).toBeVisible();
    // The chat is open in the waiting room, for ticket holders.
    await expect(room.getByRole('list', { name: l.chat })).toBeVisible({ timeout: 30_000 });
    await expect(room.getByRole('textbox', { name: l.chatInput })).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('[data-waiting-room]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Just before the start the page moves to the live player, which plays at the start without a press.
    await page.waitForURL(`**${l.prefix}/lives/play/${screening.id}`, { timeout: 40_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime() - 8_000);
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
    expect(await page.evaluate(() => document.querySelector('video')?.paused)).toBe(false);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
    await viewer.context.close();
  });

  test(`${lang}: Remind me sends one message, and the .ics file has the right start`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const staff = await staffMemberToken(request, 'catalogue');
    // Inside the 30 minutes of the reminder's lead: it is due at once.
    const startsAt = new Date(Math.ceil((Date.now() + 20 * 60_000) / 1000) * 1000);
    const screening = await newScreening(request, staff, startsAt);
    const viewer = await newViewer(browser, request);
    const page = await viewer.context.newPage();
    await page.setViewportSize(phone360);
    await page.goto(`${l.prefix}/lives/${screening.id}`);
    const room = page.getByRole('region', { name: l.room });
    const remind = room.getByRole('button', { name: l.remind });
    await expect(remind).toBeVisible();
    // Hydrated (client:idle): the press is taken.
    await expect(room.locator('astro-island:not([ssr]) [data-remind-me]')).toBeAttached();
    await remind.click();
    await expect(room.getByRole('button', { name: l.reminded })).toHaveAttribute('aria-pressed', 'true');

    const phone = `+98${viewer.phone.slice(1)}`;
    const reminders = async () => {
      const text = await fs.readFile(outboxFile, 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; text: string; code?: string })
        .filter((line) => line.to === phone && !line.code && line.text.includes(`/lives/${screening.id}`));
    };
    await expect.poll(async () => (await reminders()).length, { timeout: 40_000 }).toBe(1);
    expect((await reminders())[0]!.text).toContain(
      lang === 'fa' ? 'اکران اتاق انتظار' : 'Waiting room screening',
    );
    // Another sweep or two later, still one.
    await page.waitForTimeout(17_000);
    expect(await reminders()).toHaveLength(1);

    const download = page.waitForEvent('download');
    await room.getByRole('link', { name: l.calendar }).click();
    const file = await (await download).path();
    const calendar = new ICAL.Component(ICAL.parse(await fs.readFile(file, 'utf8')));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone.tzid).toBe('Asia/Tehran');
    expect(event.startDate.toJSDate().getTime()).toBe(startsAt.getTime());
    expect(event.summary).toContain(lang === 'fa' ? 'اکران اتاق انتظار' : 'Waiting room screening');
    await viewer.context.close();
  });
}

test('the waiting room loops the trailer without sound', async ({ page, request }) => {
  const id = await productIdOf(request, 'Kamkars', 'kamkars-night-live');
  await page.setViewportSize(phone360);
  await page.goto(`/en/lives/${id}`);
  const trailer = page.locator('[data-waiting-room] video');
  await expect(trailer).toHaveJSProperty('muted', true);
  await expect(trailer).toHaveJSProperty('loop', true);
  await expect
    .poll(() => trailer.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.2);
});
