// The player part of `npm run bench` (issue 5), called by bench/run.mjs while its server runs:
//   1. time from pressing play to the first frame, in Chromium, a few runs each of
//        - a trailer for an anonymous visitor whose pointer rests on the play button a second before
//          the press (the player fetches hls.js on that first sign of intent),
//        - the same, pressed without hovering first (hls.js fetched at the press, as with a touch),
//        - a title for the demo viewer (subscription, AES-128 encrypted segments and key requests);
//      the first frame is the first requestVideoFrameCallback after the press (a frame handed to the
//      compositor), 'playing' with currentTime > 0 where that API is missing;
//   2. the JavaScript a player page downloads before and after the press (gzip);
//   3. that pages without a player (home, a film page) never download player code: no player island
//      and no hls.js chunk, whether loaded at once, at idle time or when islands scroll into view.
// The functions passed to page.evaluate and addInitScript run in the browser.
/* global document, window, localStorage */
import zlib from 'node:zlib';

const RUNS = 5;
const TARGET_MS = 1000;
/** Player-only bundles: the island and the hls.js chunk it imports on demand. */
const PLAYER_CODE = /PlayerIsland|hls\.light/;

const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

async function idOf(origin, kind, slug) {
  const res = await fetch(
    `${origin}/api/v1/search?q=${encodeURIComponent(slug.replaceAll('-', ' '))}&kind=${kind}`,
  );
  const { items } = await res.json();
  const found = items.find((item) => item.slug === slug);
  if (!found) throw new Error(`bench player: no ${kind} ${slug}`);
  return found.id;
}

async function demoViewerToken(origin) {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_name: '09120000000', password: 'demo-pass-1404' }),
  });
  if (!res.ok) throw new Error(`bench player: demo viewer login answered ${res.status}`);
  const { token } = await res.json();
  // The demo viewer has two profiles: pick the first, or the page would open the profile picker.
  const headers = { Authorization: `Bearer ${token}` };
  const { profiles } = await (await fetch(`${origin}/api/v1/me/profiles`, { headers })).json();
  await fetch(`${origin}/api/v1/auth/select-profile/${profiles[0].id}`, { method: 'POST', headers });
  return token;
}

/** Collects the scripts a page downloads, with their bodies' gzip size. */
function scriptRecorder(page) {
  const responses = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  return async () => {
    const scripts = [];
    for (const response of responses.splice(0)) {
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({
        path: new URL(response.url()).pathname,
        gzip: gzipSize(body),
        text: body.toString('utf8'),
      });
    }
    return scripts;
  };
}

const hydrated = (page) =>
  page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null, null, { timeout: 15_000 });

/**
 * Arms a listener that notes the moment of the press (a real click from Playwright: a scripted click
 * would not count as a user gesture, and autoplay rules would refuse play) and the first frame after it.
 */
const armFirstFrame = (page) =>
  page.evaluate(() => {
    const video = document.querySelector('video');
    const button = document.querySelector('[data-play]');
    if (!video || !button) throw new Error('no player on the page');
    window.__firstFrame = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no frame within 15 s')), 15_000);
      button.addEventListener(
        'click',
        () => {
          const pressed = performance.now();
          const done = (at, method) => {
            clearTimeout(timer);
            resolve({ ms: Math.round(at - pressed), method });
          };
          if ('requestVideoFrameCallback' in video) {
            video.requestVideoFrameCallback((now) => done(now, 'requestVideoFrameCallback'));
          } else {
            video.addEventListener('timeupdate', function check() {
              if (video.currentTime > 0) {
                video.removeEventListener('timeupdate', check);
                done(performance.now(), "'timeupdate' with currentTime > 0");
              }
            });
          }
        },
        { capture: true, once: true },
      );
    });
  });

async function pressAndTime(page) {
  await armFirstFrame(page);
  await page.click('[data-play]');
  return page.evaluate(() => window.__firstFrame);
}

async function firstFrames(browser, url, { token = null, hover = false } = {}) {
  const runs = [];
  let method = '';
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context per run: nothing cached, as for a viewer arriving from a title page link.
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    if (hover) {
      await page.hover('[data-play]');
      await page.waitForTimeout(1_000);
    }
    const result = await pressAndTime(page);
    runs.push(result.ms);
    method = result.method;
    await context.close();
  }
  return { runs, median: median(runs), max: Math.max(...runs), method };
}

async function playerPageJs(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const take = scriptRecorder(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  const before = await take();
  await page.click('[data-play]');
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0, null, {
    timeout: 15_000,
  });
  const after = await take();
  await context.close();
  const sum = (scripts) => scripts.reduce((total, script) => total + script.gzip, 0);
  const list = (scripts) => scripts.map((script) => `${script.path} (${kb(script.gzip)} KiB)`);
  return {
    beforePressGzip: sum(before),
    afterPressGzip: sum(after),
    totalGzip: sum(before) + sum(after),
    beforePress: list(before),
    afterPress: list(after),
  };
}

async function playerCodeOn(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const take = scriptRecorder(page);
  const res = await page.goto(url, { waitUntil: 'load' });
  const html = await res.text();
  await page.waitForLoadState('networkidle');
  // Islands that hydrate when visible get their chance, then idle-time loaders.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  const scripts = await take();
  await context.close();
  const found = scripts
    .filter((script) => PLAYER_CODE.test(script.path) || PLAYER_CODE.test(script.text))
    .map((script) => script.path);
  if (PLAYER_CODE.test(html)) found.push('(referenced by the HTML)');
  return { scripts: scripts.length, playerCode: found };
}

/** Runs all player measurements against the bench's server: figures and targets (or the error). */
export async function measurePlayer({ origin, chromium, flags, log }) {
  const { chromium: launcher } = await import('playwright-core');
  const browser = await launcher.launch({ executablePath: chromium, args: flags });
  try {
    const trailerId = await idOf(origin, 'film', 'a-separation');
    const titleId = await idOf(origin, 'film', 'the-salesman');
    const trailerUrl = `${origin}/play-preview/${trailerId}`;
    const token = await demoViewerToken(origin);
    const scenarios = [
      {
        label: 'trailer, anonymous, pointer on the button 1 s before the press',
        url: trailerUrl,
        options: { hover: true },
      },
      { label: 'trailer, anonymous, pressed without hovering first', url: trailerUrl, options: {} },
      {
        label: 'title, demo viewer (encrypted), pressed without hovering first',
        url: `${origin}/play/${titleId}`,
        options: { token },
      },
    ];
    const firstFrame = [];
    for (const scenario of scenarios) {
      const result = await firstFrames(browser, scenario.url, scenario.options);
      firstFrame.push({ label: scenario.label, path: new URL(scenario.url).pathname, ...result });
      log(`player first frame, ${scenario.label}: median ${result.median} ms, max ${result.max} ms`);
    }
    const js = await playerPageJs(browser, trailerUrl);
    log(`player page JS: ${kb(js.beforePressGzip)} KiB before the press, ${kb(js.afterPressGzip)} KiB after`);
    const filmPath = `/movies/${trailerId}`;
    const elsewhere = {};
    for (const path of ['/', '/en', filmPath, `/en${filmPath}`]) {
      elsewhere[path] = await playerCodeOn(browser, `${origin}${path}`);
      log(`player code on ${path}: ${elsewhere[path].playerCode.join(', ') || 'none'}`);
    }
    const targets = [
      ...firstFrame.map((entry) => ({
        path: entry.path,
        target: `first frame < ${TARGET_MS} ms after pressing play (${entry.label}, max of ${RUNS})`,
        measured: `median ${entry.median} ms, max ${entry.max} ms`,
        pass: entry.max < TARGET_MS,
      })),
      ...Object.entries(elsewhere).map(([path, result]) => ({
        path,
        target: 'no player code (player island, hls.js)',
        measured: result.playerCode.length ? `loaded: ${result.playerCode.join(', ')}` : 'none loaded',
        pass: result.playerCode.length === 0,
      })),
    ];
    return { runs: RUNS, firstFrame, js: { path: new URL(trailerUrl).pathname, ...js }, elsewhere, targets };
  } catch (error) {
    // A broken player must not cost the rest of the report: it shows up as a failed target instead.
    const message = String(error?.message ?? error).split('\n')[0];
    log(`player measurements failed: ${message}`);
    return {
      error: message,
      targets: [
        { path: '/play-preview', target: 'player measurements', measured: `error: ${message}`, pass: false },
      ],
    };
  } finally {
    await browser.close();
  }
}

/** The report section. */
export function playerMarkdown(player) {
  if (!player) return '';
  if (player.error) return `\n## Player (issue 5)\n\nThe measurements failed: ${player.error}\n`;
  const lines = [
    '',
    '## Player (issue 5)',
    '',
    `Time from pressing play to the first video frame in Chromium (${player.runs} runs each, a fresh browser`,
    `context per run; measured with ${player.firstFrame[0]?.method ?? 'n/a'}), target < 1 s:`,
    '',
    '| scenario | page | runs (ms) | median | max |',
    '| --- | --- | --- | --- | --- |',
    ...player.firstFrame.map(
      (entry) =>
        `| ${entry.label} | \`${entry.path}\` | ${entry.runs.join(', ')} | ${entry.median} | ${entry.max} |`,
    ),
    '',
    `JavaScript of the player page \`${player.js.path}\` (gzip): ${kb(player.js.beforePressGzip)} KiB before the press,`,
    `${kb(player.js.afterPressGzip)} KiB more from the first hover or press on (hls.js), ${kb(player.js.totalGzip)} KiB in all.`,
    '',
    `- before: ${player.js.beforePress.join(', ') || 'none'}`,
    `- after: ${player.js.afterPress.join(', ') || 'none'}`,
    '',
    'Player code on pages without a player (scripts downloaded on load, at idle time and with islands scrolled',
    'into view):',
    '',
    ...Object.entries(player.elsewhere).map(
      ([path, result]) =>
        `- \`${path}\`: ${result.scripts} scripts, ${result.playerCode.length ? `player code: ${result.playerCode.join(', ')}` : 'no player code'}`,
    ),
    '',
  ];
  return lines.join('\n');
}
