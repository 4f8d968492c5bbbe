import { expect, test, type Page, type Request } from '@playwright/test';
import { localPath } from '~/lib/locale';
import { problemsOf } from './fit-checks';
import { prepareRoute, routes } from './routes';
import { rawKeysIn, wordingFaultsIn } from './wording-checks';

/**
 * Every page of ./routes, in both languages, as phones and desktops see it (issue 11) and in the words a
 * viewer reads (issues 24 and 25). One test per page and language walks:
 * - 320, 360, 390 and 414 px: the page is loaded at 320 px and the window then widened, as a phone turned
 *   or a browser resized; each width must not scroll sideways, stick out, or offer small targets
 *   (./fit-checks). Its words are read at 320 px too: the tab bar and the menu sheet exist only there.
 * - 768 and 1280 px: each loaded afresh, since tablets and desktops arrive at their own width. At 1280 px
 *   the islands' words are read once they have loaded (./wording-checks): raw translation keys, lower-case
 *   server messages, Latin commas and digits in Persian.
 *
 * `npm run screenshots` runs this spec with SCREENSHOTS set: each page is also photographed whole at 360
 * and 1280 px into screenshots/ (not committed), for a person to look at.
 */
const loaded = [320, 768, 1280];
const widened = new Map([[320, [360, 390, 414]]]);
const photographed = new Set([360, 1280]);
const screenshots = process.env['SCREENSHOTS'] ? 'screenshots' : undefined;

/**
 * The page's requests in flight, an event stream (text/event-stream) only until its answer begins: a
 * chat's stream stays open as long as the page, so Playwright's 'networkidle' never came on such a page
 * and each wait took its full 8 s.
 */
function requestsInFlight(page: Page): Set<Request> {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.startsWith('text/event-stream')) pending.delete(response.request());
  });
  const settled = (request: Request) => pending.delete(request);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return pending;
}

/** As 'networkidle' (nothing in flight for 500 ms, at most 8 s), not counting event streams. */
async function quiet(pending: Set<Request>) {
  const deadline = Date.now() + 8_000;
  let since = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) since = Date.now();
    else if (Date.now() - since >= 500) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Lets the page lay itself out for a new window size (resize handlers run before the next frames). */
function nextFrames(page: Page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

for (const route of routes) {
  for (const locale of ['fa', 'en'] as const) {
    const label = localPath(route.path, locale);
    test(`${label} fits every width and reads right${route.viewer ? ' (signed in)' : ''}`, async ({
      page,
      request,
    }) => {
      const path = await prepareRoute(page, request, route);
      const pending = requestsInFlight(page);
      const layout: string[] = [];
      const words: string[] = [];
      const look = async (width: number) => {
        await page.evaluate(() => document.fonts.ready);
        layout.push(...(await problemsOf(page)).map((problem) => `${width} px: ${problem}`));
        if (screenshots && photographed.has(width)) {
          const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${locale}-${width}`;
          await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
        }
      };
      const read = async (width: number) => {
        const found = [...(await rawKeysIn(page)), ...(await wordingFaultsIn(page, locale))];
        words.push(...found.map((fault) => `${width} px: ${fault}`));
      };

      for (const width of loaded) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(localPath(path, locale));
        // Islands render their words after the page (the console's after its data); a page that plays a
        // video never goes quiet, so it is read once its first seconds have loaded.
        if (width === 1280 || route.staff) await quiet(pending);
        await look(width);
        if (width !== 768) await read(width);
        for (const wider of widened.get(width) ?? []) {
          await page.setViewportSize({ width: wider, height: 800 });
          await nextFrames(page);
          await look(wider);
        }
      }
      expect({ layout, words }).toEqual({ layout: [], words: [] });
    });
  }
}
