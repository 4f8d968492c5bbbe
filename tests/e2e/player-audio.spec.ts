import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { currentTime, newViewer, pressPlayAndWait, productIdOf, type Viewer } from './player-helpers';

/**
 * Issue 29: the player's audio menu and the profile's preferences. The demo's Hyrcanian Forests (free)
 * plays media/demo/dubbed: English original first (the playlist's default), Persian dub second.
 */

const audioOf = (url: string) => /\/audio\/([a-z]{2,3}-[a-z]+)\//.exec(url)?.[1];

/** The audio renditions whose segments the page fetched, in order. */
function audioRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const track = audioOf(request.url());
    if (track && /\.(?:mpegts|ts|aac)(?:\?|$)/.test(request.url())) seen.push(track);
  });
  return seen;
}

async function preferencesOf(request: APIRequestContext, viewer: Viewer) {
  const reply = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${viewer.token}` } });
  return ((await reply.json()) as { me: { profile: { preferences: Record<string, unknown> } } }).me.profile
    .preferences;
}

/** Opens the settings panel; the controls fade after 3 s of playing, and a pointer move brings them back. */
async function openSettings(page: Page, name: string) {
  await page.mouse.move(100, 300);
  await page.mouse.move(120, 320);
  await page.getByRole('button', { name }).click();
}

async function axeClean(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('fa, phone: the dubbed title starts in the profile’s Persian, and twenty switches keep it playing', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const viewer = await newViewer(browser, request);
  const saved = await request.post('/api/v1/me/preferences', {
    data: { audio_language: 'fa' },
    headers: { Authorization: `Bearer ${viewer.token}` },
  });
  expect(saved.status()).toBe(200);
  const id = await productIdOf(request, 'Hyrcanian', 'hyrcanian-forests');
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  const fetched = audioRequests(page);
  const builds: string[] = [];
  page.on('request', (request) => {
    const build = /\/_astro\/(hls(?:\.light)?)\.[\w-]+\.js$/.exec(request.url())?.[1];
    if (build) builds.push(build);
  });
  await page.goto(`/play/${id}`);
  await pressPlayAndWait(page, 1);
  // The dub from the first segment on: the original's sound was never fetched.
  expect(fetched.length).toBeGreaterThan(0);
  expect(new Set(fetched)).toEqual(new Set(['fa-dub']));
  // The page knew the title is dubbed: only the hls.js build that plays separate audio was fetched.
  expect(builds).toEqual(['hls']);

  await openSettings(page, 'تنظیمات پخش');
  const audio = page.getByRole('combobox', { name: 'صدا' });
  await expect(audio).toBeVisible();
  await expect(audio.locator('option')).toHaveText(['انگلیسی (اصلی)', 'فارسی (دوبله)']);
  await expect(audio).toHaveValue('1');
  await axeClean(page, '#player-settings');

  // Twenty switches while playing: the picture keeps advancing, and no switch holds it for long (the
  // longest time the position stood still is measured in the page, every 50 ms).
  await page.evaluate(() => {
    const video = document.querySelector('video')!;
    let last = video.currentTime;
    let movedAt = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      if (video.currentTime > last) {
        last = video.currentTime;
        movedAt = now;
      } else longest = Math.max(longest, now - movedAt);
    }, 50);
    (window as unknown as { stoodStill: () => number }).stoodStill = () => {
      clearInterval(timer);
      return longest;
    };
  });
  const before = await currentTime(page);
  const startedAt = Date.now();
  for (let switches = 0; switches < 20; switches++) {
    await audio.selectOption(switches % 2 === 0 ? '0' : '1');
    await page.waitForTimeout(250);
  }
  await expect(audio).toHaveValue('1');
  const wallSeconds = (Date.now() - startedAt) / 1000;
  // Let a last switch settle, then the position must have moved on with the clock.
  await expect
    .poll(() => currentTime(page), { timeout: 10_000 })
    .toBeGreaterThan(before + Math.min(3, wallSeconds / 2));
  await expect(page.locator('video')).toHaveJSProperty('paused', false);
  const moving = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 5_000 }).toBeGreaterThan(moving + 0.5);
  const stoodStill = await page.evaluate(() =>
    (window as unknown as { stoodStill: () => number }).stoodStill(),
  );
  // Quiet runs measure 0 ms; a loaded machine gets some slack, a stalled switch (seconds) does not.
  expect(stoodStill).toBeLessThan(2_500);
  expect(fetched).toContain('en-original');
  await expect.poll(() => preferencesOf(request, viewer)).toMatchObject({ audio_language: 'fa' });
  await viewer.context.close();
});

test('en, desktop: the audio menu by keyboard, and the subtitle style sticks after a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const viewer = await newViewer(browser, request);
  const id = await productIdOf(request, 'Hyrcanian', 'hyrcanian-forests');
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  const fetched = audioRequests(page);
  await page.goto(`/en/play/${id}`);
  await pressPlayAndWait(page, 1);
  // No preference yet: the title's own sound, the English original.
  expect(new Set(fetched)).toEqual(new Set(['en-original']));

  // Keyboard only: the settings button, then Tab to the audio menu, whose arrow keys switch the track.
  const settings = page.getByRole('button', { name: 'Playback settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  const audio = page.getByRole('combobox', { name: 'Audio' });
  await expect(audio.locator('option')).toHaveText(['English (original)', 'Persian (dub)']);
  for (
    let tab = 0;
    tab < 5 && !(await audio.evaluate((element) => element === document.activeElement));
    tab++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(audio).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(audio).toHaveValue('1');
  await expect.poll(() => fetched.includes('fa-dub'), { timeout: 10_000 }).toBe(true);
  await axeClean(page, '#player-settings');

  // Persian subtitles (English pages start with English ones), large, yellow, without the box: each
  // saved for the profile.
  await page.getByRole('combobox', { name: 'Subtitles', exact: true }).selectOption('fa');
  await page.getByRole('combobox', { name: 'Subtitle size' }).selectOption('large');
  await page.getByRole('combobox', { name: 'Subtitle colour' }).selectOption('yellow');
  await page.getByRole('checkbox', { name: 'Dark box behind subtitles' }).uncheck();
  await expect
    .poll(() => preferencesOf(request, viewer))
    .toMatchObject({
      audio_language: 'fa',
      subtitle_language: 'fa',
      subtitle_size: 'large',
      subtitle_color: 'yellow',
      subtitle_box: false,
    });

  await page.reload();
  const afterReload = audioRequests(page);
  await pressPlayAndWait(page, 1);
  expect(new Set(afterReload)).toEqual(new Set(['fa-dub']));
  // The first cue runs from 1 s to 4 s; Persian is drawn right to left.
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 1.5;
  });
  const line = page.locator('[data-subtitle]');
  await expect(line).toHaveText('به نمایش آزمایشی خوش آمدید.', { timeout: 10_000 });
  await expect(line).toHaveAttribute('dir', 'rtl');
  await expect(line).toHaveAttribute('data-size', 'large');
  await expect(line).toHaveAttribute('data-color', 'yellow');
  await expect(line).toHaveAttribute('data-box', 'false');
  const look = await line.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, shadow: style.textShadow, size: parseFloat(style.fontSize) };
  });
  expect(look.background).toBe('rgba(0, 0, 0, 0)');
  expect(look.shadow).not.toBe('none');
  // Large is 36 px at this width (medium would be 24).
  expect(look.size).toBeGreaterThan(30);
  await openSettings(page, 'Playback settings');
  await expect(page.getByRole('combobox', { name: 'Subtitle size' })).toHaveValue('large');
  await expect(page.getByRole('checkbox', { name: 'Dark box behind subtitles' })).not.toBeChecked();
  await viewer.context.close();
});

test('fa, desktop: preferences set on the profile page are what the player starts with', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const viewer = await newViewer(browser, request);
  const id = await productIdOf(request, 'Hyrcanian', 'hyrcanian-forests');
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/account/profiles');
  await page.getByRole('button', { name: 'ویرایش: Test Viewer' }).click();
  const dialog = page.getByRole('dialog');
  const fields = dialog.getByRole('group', { name: 'صدا و زیرنویس' });
  await fields.getByLabel('صدای دلخواه').selectOption('fa');
  await fields.getByLabel('زیرنویس', { exact: true }).selectOption('off');
  await fields.getByLabel('اندازهٔ زیرنویس').selectOption('small');
  await fields.getByLabel('رنگ زیرنویس').selectOption('cyan');
  await axeClean(page, '[data-preferences]');
  await dialog.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.getByText('پروفایل ذخیره شد')).toBeVisible();
  expect(await preferencesOf(request, viewer)).toMatchObject({
    audio_language: 'fa',
    subtitle_language: 'off',
    subtitle_size: 'small',
    subtitle_color: 'cyan',
    subtitle_box: true,
  });

  const fetched = audioRequests(page);
  await page.goto(`/play/${id}`);
  await pressPlayAndWait(page, 1);
  expect(new Set(fetched)).toEqual(new Set(['fa-dub']));
  await openSettings(page, 'تنظیمات پخش');
  // Subtitles off on a Persian page, where Persian ones would otherwise be on.
  await expect(page.getByRole('combobox', { name: 'زیرنویس', exact: true })).toHaveValue('off');
  await expect(page.locator('[data-subtitle]')).toHaveCount(0);
  await viewer.context.close();
});
