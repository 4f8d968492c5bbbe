import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { makeTestPattern } from '../fixtures/test-pattern';
import { newAddress } from './auth-helpers';
import { phone360 } from './commerce-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * Issue 29: the staff console's upload takes a Persian dub beside the video. The track is sent with its
 * language and kind, listed, the video's own language is chosen, the video is packaged with it, and the
 * title's page then says «دوبله فارسی» / "Persian dub" and the original language. A 360 px phone in
 * Persian, a desktop in English; the audio fields pass axe.
 */

const texts = {
  fa: {
    language: 'زبان صدا',
    kind: 'نوع صدا',
    file: 'افزودن صدا (WAV، MP3، AAC، M4A، FLAC یا Opus)',
    track: 'فارسی (دوبله)',
    original: 'زبان صدای خود ویدیو',
    video: 'بارگذاری ویدیوی اصلی',
    ready: 'بسته‌بندی شد: عنوان اکنون این ویدیو را پخش می‌کند.',
    badges: ['دوبله فارسی', 'زبان اصلی: انگلیسی'],
  },
  en: {
    language: 'Language of the track',
    kind: 'Kind of track',
    file: 'Add an audio track (WAV, MP3, AAC, M4A, FLAC or Opus)',
    track: 'Persian (dub)',
    original: "Language of the video's own sound",
    video: 'Upload the source video',
    ready: 'Packaged: the title plays this video now.',
    badges: ['Persian dub', 'Original: English'],
  },
} as const;

let work: string;
let video: string;
let dub: string;

test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'admin-audio-'));
  video = makeTestPattern(path.join(work, 'test-pattern.mp4'));
  dub = path.join(work, 'persian-dub.wav');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=4'],
    dub,
  ]);
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

for (const lang of ['fa', 'en'] as const) {
  const l = texts[lang];
  test(`${lang}: staff upload a video with a Persian dub, and the title says it is dubbed`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await staffMemberToken(request, 'catalogue');
    const created = await request.post('/api/v1/staff/catalogue/titles', {
      headers: { authorization: `Bearer ${token}`, 'X-Forwarded-For': newAddress() },
      data: {
        kind: 'film',
        slug: `dubbed-console-${lang}-${Date.now()}`,
        title: 'الگوی دوبله‌شده',
        en_title: `Dubbed pattern ${lang}`,
        synopsis: 'آزمون صدا.',
        en_synopsis: 'An audio test.',
        category: 'short',
        is_free: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { title } = (await created.json()) as { title: { id: number; href: string } };

    const context = await browser.newContext({
      viewport: lang === 'fa' ? phone360 : { width: 1280, height: 800 },
      extraHTTPHeaders: { 'X-Forwarded-For': newAddress() },
    });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await page.goto(`${lang === 'fa' ? '' : '/en'}/admin/catalogue?title=${title.id}`);

    const audio = page.locator('[data-audio-tracks]');
    await audio.getByLabel(l.language, { exact: true }).selectOption('fa');
    await audio.getByLabel(l.kind, { exact: true }).selectOption('dub');
    await audio.getByLabel(l.file).setInputFiles(dub);
    await expect(audio.locator('[data-audio-track="fa"]')).toContainText(l.track);
    // The video waits for the language of its own sound.
    await expect(page.getByLabel(l.video)).toBeDisabled();
    await audio.getByLabel(l.original).selectOption('en');
    const axe = await new AxeBuilder({ page }).include('[data-audio-tracks]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await page.getByLabel(l.video).setInputFiles(video);
    await expect(page.locator('[data-media-status]')).toHaveText(new RegExp(l.ready), { timeout: 150_000 });

    await page.goto(`${lang === 'fa' ? '' : '/en'}/movies/${title.id}`);
    await expect(page.locator('[data-languages] li')).toHaveText([...l.badges]);
    await context.close();
  });
}
