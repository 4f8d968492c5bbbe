import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { makeTestPattern } from '../fixtures/test-pattern';
import { newAddress } from './auth-helpers';
import { phone360 } from './commerce-helpers';
import { currentTime, grant, newViewer, pressPlay } from './player-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * What a screening's viewer had missed (issue 30, decision record 0055), in both languages on a 360 px
 * phone (and a desktop where the layout differs):
 * - an ended screening's page offers its catch-up, where the chat replays beside the film, each message
 *   at the moment of the film it was written at, not before, and gone again when the viewer seeks back;
 *   a deleted message never comes;
 * - a screening that starts by itself plays without sound (as browsers allow), and "Unmute", or the
 *   player's own volume button, brings the sound.
 * The browser is told to refuse sound without a press, as real browsers do (headless Chromium allows it).
 */
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--autoplay-policy=user-gesture-required'],
  },
});

const texts = {
  fa: {
    prefix: '',
    catchUp: 'تماشای ضبط اکران با گفتگوی آن',
    replay: 'گفتگوی اکران',
    countOne: '۱ پیام تا این لحظه',
    unmute: 'صدا را وصل کن',
    barUnmute: 'صدادار',
  },
  en: {
    prefix: '/en',
    catchUp: 'Watch the recording with its chat',
    replay: 'Chat of the screening',
    countOne: '1 message up to this moment',
    unmute: 'Unmute',
    barUnmute: 'Unmute',
  },
} as const;

let work: string;
let video: string;
test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'catch-up-'));
  video = path.join(work, 'pattern.mp4');
  // 8 s: long enough for a message at 4 s and a pause before it.
  makeTestPattern(video, 8);
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Screening {
  id: number;
  fields: Record<string, unknown>;
  /** Moves it: its start and end. */
  move: (startsAt: Date, endsAt: Date) => Promise<void>;
}

/** A new screening an hour from now with a packaged 8-second film, made by catalogue staff. */
async function packagedScreening(request: APIRequestContext): Promise<Screening> {
  const staff = await staffMemberToken(request, 'catalogue');
  const auth = { authorization: `Bearer ${staff}`, 'X-Forwarded-For': newAddress() };
  const startsAt = new Date(Date.now() + 3600_000);
  const fields = {
    kind: 'screening',
    slug: `catch-up-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    title: 'اکران با گفتگو',
    en_title: 'Screening with a chat',
    synopsis: 'اکرانی برای تماشای دوباره.',
    en_synopsis: 'A screening to watch again.',
    category: 'short',
    starts_at: startsAt.toISOString(),
    ends_at: new Date(startsAt.getTime() + 3600_000).toISOString(),
  };
  const created = await request.post('/api/v1/staff/catalogue/titles', { headers: auth, data: fields });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { title: { id: number } }).title.id;
  const upload = await request.put(`/api/v1/staff/catalogue/titles/${id}/video`, {
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
  return {
    id,
    fields,
    move: async (starts, ends) => {
      const moved = await request.put(`/api/v1/staff/catalogue/titles/${id}`, {
        headers: auth,
        data: { ...fields, starts_at: starts.toISOString(), ends_at: ends.toISOString() },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    },
  };
}

async function say(request: APIRequestContext, token: string, id: number, body: string) {
  const reply = await request.post(`/api/v1/screenings/${id}/chat`, {
    headers: { authorization: `Bearer ${token}`, 'X-Forwarded-For': newAddress() },
    data: { body },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as { id: number; created_at: string };
}

const playing = (page: Page) => page.evaluate(() => !document.querySelector('video')!.paused);

for (const lang of ['fa', 'en'] as const) {
  const l = texts[lang];

  test(`${lang}: an ended screening offers its catch-up, where the chat replays at its moments`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const screening = await packagedScreening(request);
    const viewer = await newViewer(browser, request);
    await grant(request, viewer.phone, { type: 'ticket', product_id: screening.id });

    // Written in the waiting room, 5 s apart; one more deleted by a moderator.
    const early = `سلام پیش از فیلم ${lang} ${Date.now()}`;
    await say(request, viewer.token, screening.id, early);
    const removed = await say(request, viewer.token, screening.id, `Deleted ${lang} ${Date.now()}`);
    const moderator = await staffMemberToken(request, 'moderator');
    const deleted = await request.delete(`/api/v1/staff/chat-messages/${removed.id}`, {
      headers: { authorization: `Bearer ${moderator}`, 'X-Forwarded-For': newAddress() },
    });
    expect(deleted.status(), await deleted.text()).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const later = `What a shot ${lang} ${Date.now()}`;
    const written = await say(request, viewer.token, screening.id, later);
    // The screening is moved so it started 4 s before the later message and is over: the early one
    // belongs before the film's start, the later one to its fourth second.
    const startsAt = new Date(Date.parse(written.created_at) - 4_000);
    await screening.move(startsAt, new Date(Date.now() - 1_000));

    const page = await viewer.context.newPage();
    await page.setViewportSize(phone360);
    await page.goto(`${l.prefix}/lives/${screening.id}`);
    const link = page.getByRole('link', { name: l.catchUp });
    await expect(link).toHaveAttribute('href', `${l.prefix}/lives/play/catch-up/${screening.id}`);
    await link.click();
    await page.waitForURL(`**${l.prefix}/lives/play/catch-up/${screening.id}`);

    const replay = page.getByRole('region', { name: l.replay });
    const messages = replay.getByRole('list', { name: l.replay });
    // Before the film plays: the waiting room's message only.
    await expect(messages.getByText(early)).toBeVisible({ timeout: 30_000 });
    await expect(messages.getByText(later)).toHaveCount(0);
    // Each drawn in its own text's direction.
    expect(await messages.getByText(early).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

    await pressPlay(page);
    // Paused by the page itself once past 1 s (a loaded machine could be late to do it from here).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const element = document.querySelector('video')!;
          const pauseEarly = () => {
            if (element.currentTime <= 1) return;
            element.pause();
            element.removeEventListener('timeupdate', pauseEarly);
            resolve();
          };
          element.addEventListener('timeupdate', pauseEarly);
        }),
    );
    // Paused before its moment: not shown, even a while later.
    expect(await currentTime(page)).toBeLessThan(3.5);
    await page.waitForTimeout(1_500);
    await expect(messages.getByText(later)).toHaveCount(0);
    // Played on past its moment (4 s): there.
    await page.evaluate(() => void document.querySelector('video')!.play());
    await expect(messages.getByText(later)).toBeVisible({ timeout: 15_000 });
    expect(await currentTime(page)).toBeGreaterThanOrEqual(4);
    expect(await messages.getByText(later).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // Sought back before it: gone; forward past it: back.
    await page.evaluate(() => {
      const element = document.querySelector('video')!;
      element.pause();
      element.currentTime = 0.5;
    });
    await expect(messages.getByText(later)).toHaveCount(0);
    await expect(messages.getByText(early)).toBeVisible();
    // A screen reader hears the new message while the film plays on, and after a jump only how many
    // there are: a few lines at most, never the whole list.
    const log = replay.getByRole('log');
    await expect(log.locator('p').last()).toHaveText(l.countOne);
    await expect(log).toContainText(later);
    expect(await log.locator('p').count()).toBeLessThanOrEqual(3);
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 6;
    });
    await expect(messages.getByText(later)).toBeVisible();
    await expect(replay.getByText(/^Deleted /)).toHaveCount(0);
    // Below the player on a phone, within its width; the chat is reachable by keyboard.
    const player = await page.locator('[data-player]').boundingBox();
    const panel = await replay.boundingBox();
    expect(panel!.y).toBeGreaterThanOrEqual(player!.y + player!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone360.width,
    );
    expect(await messages.getAttribute('tabindex')).toBe('0');
    const axe = await new AxeBuilder({ page }).include('[data-chat-replay]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    // A desktop has it beside the player, on the end side.
    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await page.locator('[data-player]').boundingBox();
    const side = await replay.boundingBox();
    if (lang === 'fa') expect(side!.x + side!.width).toBeLessThanOrEqual(wide!.x + 1);
    else expect(side!.x).toBeGreaterThanOrEqual(wide!.x + wide!.width - 1);
    expect(await playing(page)).toBe(false);
    await viewer.context.close();
  });

  test(`${lang}: a screening that starts by itself plays muted, and Unmute brings the sound`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const screening = await packagedScreening(request);
    const viewer = await newViewer(browser, request);
    await grant(request, viewer.phone, { type: 'ticket', product_id: screening.id });
    const page = await viewer.context.newPage();
    await page.setViewportSize(phone360);
    const startsAt = new Date(Date.now() + 20_000);
    await screening.move(startsAt, new Date(startsAt.getTime() + 3600_000));
    // Where the waiting room hands over before the start: the player counts down, then plays.
    await page.goto(`${l.prefix}/lives/play/${screening.id}`);
    // Nothing is asked of the page until it has started: Playwright runs its checks as if the user
    // did them, and that would let the page play with sound.
    await page.waitForTimeout(Math.max(0, startsAt.getTime() + 5_000 - Date.now()));
    await expect.poll(() => currentTime(page), { timeout: 45_000 }).toBeGreaterThan(0.5);
    expect(await playing(page)).toBe(true);
    expect(await page.evaluate(() => document.querySelector('video')!.muted)).toBe(true);

    const unmute = page
      .getByRole('button', { name: l.unmute, exact: true })
      .and(page.locator('[data-unmute]'));
    await expect(unmute).toBeVisible();
    const box = await unmute.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    const axe = await new AxeBuilder({ page }).include('[data-unmute]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    if (lang === 'fa') {
      // By keyboard: Tab reaches it, Enter presses it.
      let reached = false;
      for (let press = 0; press < 20 && !reached; press++) {
        await page.keyboard.press('Tab');
        reached = await unmute.evaluate((element) => element === document.activeElement);
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
    } else {
      // The player's own volume button does it as well (the bar shows it on a wider screen).
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.locator('[data-player]').hover();
      await page.locator('[data-controls]').getByRole('button', { name: l.barUnmute, exact: true }).click();
    }
    await expect.poll(() => page.evaluate(() => document.querySelector('video')!.muted)).toBe(false);
    expect(await page.evaluate(() => document.querySelector('video')!.volume)).toBeGreaterThan(0);
    await expect(unmute).toHaveCount(0);
    expect(await playing(page)).toBe(true);
    await viewer.context.close();
  });
}
