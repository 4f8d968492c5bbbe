import { expect, test, type APIRequestContext } from '@playwright/test';
import { langs, local, type Lang } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 24, item 3: a screening's time is shown in the viewer's own time zone (the browser's) with
 * Tehran time beside it where they differ, in both languages, and the landing shows the same instant as
 * the screening page. Before any script runs, the server's HTML says Tehran time and names it.
 */

const TEHRAN = 'Asia/Tehran';
const label = { fa: 'به وقت تهران', en: 'Tehran time' } as const;

/** The wall-clock time of `at` in `zone`, as the page's language writes it (Persian digits in fa). */
function clock(at: Date, lang: Lang, zone: string): string {
  return new Intl.DateTimeFormat(lang === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  }).format(at);
}

async function orangeGrove(request: APIRequestContext) {
  const id = await productIdOf(request, 'The Orange Grove', 'the-orange-grove-live');
  const detail = (await (await request.get(`/api/v1/products/${id}`)).json()) as { starts_at: string };
  return { id, startsAt: new Date(detail.starts_at) };
}

for (const lang of langs) {
  test(`${lang}: the server's HTML gives screening times in Tehran time, labelled, on the title page and the landing`, async ({
    request,
  }) => {
    const { id, startsAt } = await orangeGrove(request);
    for (const path of [`/lives/${id}`, '/landing3']) {
      const html = await (await request.get(local(path, lang))).text();
      const times = [...html.matchAll(/<time[^>]*datetime="([^"]+)"[^>]*data-zoned[^>]*>([^<]*)<\/time>/g)];
      const start = times.find((match) => new Date(match[1]!).getTime() === startsAt.getTime());
      expect(start, `${path}: the start as a zoned <time>`).toBeTruthy();
      expect(start![2], path).toContain(clock(startsAt, lang, TEHRAN));
      expect(start![2], path).toContain(label[lang]);
    }
  });

  for (const zone of ['America/Toronto', TEHRAN]) {
    test(`${lang}: a viewer in ${zone} reads the screening's start in their own time on the title page, the landing and the countdown`, async ({
      browser,
      request,
    }) => {
      const { id, startsAt } = await orangeGrove(request);
      const context = await browser.newContext({ timezoneId: zone });
      const page = await context.newPage();
      const shown: string[] = [];
      for (const path of [`/lives/${id}`, '/landing3', `/lives/play/${id}`]) {
        await page.goto(local(path, lang));
        const start = page.locator(`time[datetime="${startsAt.toISOString()}"]`).first();
        await expect(start, path).toContainText(clock(startsAt, lang, zone));
        await expect(start, path).toContainText(clock(startsAt, lang, TEHRAN));
        await expect(start, path).toContainText(label[lang]);
        const text = (await start.textContent())!;
        // The viewer's time first; Tehran's is named and comes only once where the two are the same.
        expect(text.indexOf(clock(startsAt, lang, zone)), path).toBeLessThanOrEqual(
          text.indexOf(label[lang]),
        );
        if (zone === TEHRAN) expect(text.split(clock(startsAt, lang, TEHRAN)).length - 1, path).toBe(1);
        if (lang === 'fa') expect(text, path).toMatch(/[۰-۹]{4}/);
        shown.push(text);
      }
      // The landing says what the screening page says.
      expect(shown[1]).toBe(shown[0]);
      await context.close();
    });
  }
}
