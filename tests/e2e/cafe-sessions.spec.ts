import { expect, test, type APIRequestContext } from '@playwright/test';
import { localDigits } from '~/lib/format';
import type { CafeProducts, Cafes } from '~/shared/cafes';
import { langs, local, phone360 } from './commerce-helpers';

/**
 * A cafe page's sessions come with the page (issue 25): times, titles and seats left are in the HTML
 * before any script runs (a visitor waited 2.5 s for the island to ask for them; search engines saw
 * none), while prices, which depend on the viewer's currency, are never in the HTML: the island adds them.
 */

const seatsLeft = { fa: (n: string) => `${n} صندلی خالی`, en: (n: string) => `${n} seats left` };
const legend = { fa: 'سانس را انتخاب کنید', en: 'Choose a session' };
const perSeat = { fa: 'هر صندلی', en: 'per seat' };

/** A cafe with upcoming sessions, and those sessions as the API lists them. */
async function cafeWithSessions(request: APIRequestContext): Promise<CafeProducts> {
  const { cafes } = (await (await request.get('/api/v1/cafes')).json()) as Cafes;
  const cafe = cafes.find((candidate) => candidate.next_session_at !== null);
  expect(cafe, 'a demo cafe with an upcoming session').toBeTruthy();
  return (await (
    await request.get(`/api/v1/cafes/${cafe!.id}/get-products?currency=IRR`)
  ).json()) as CafeProducts;
}

for (const lang of langs) {
  test(`the cafe page's sessions are in its HTML, prices are not (${lang})`, async ({ request }) => {
    const { cafe, sessions } = await cafeWithSessions(request);
    const response = await request.get(local(`/cafes/${cafe.slug}`, lang));
    expect(response.status()).toBe(200);
    const html = await response.text();
    const first = sessions.find((session) => session.seats_left > 0)!;
    const title = lang === 'fa' ? first.product.title : first.product.en_title;
    expect(html).toContain(legend[lang]);
    expect(html).toContain(title.replaceAll('&', '&amp;'));
    expect(html).toContain(seatsLeft[lang](localDigits(first.seats_left, lang)));
    // A price depends on the viewer's currency (decision record 0019): the HTML carries none of them.
    expect(html).not.toContain(perSeat[lang]);
  });

  test(`a visitor without script sees the sessions; with script the prices join them (${lang})`, async ({
    browser,
    request,
  }) => {
    const { cafe, sessions } = await cafeWithSessions(request);
    const onSale = sessions.filter((session) => session.seats_left > 0);
    const path = local(`/cafes/${cafe.slug}`, lang);
    const viewport = lang === 'fa' ? phone360 : { width: 1280, height: 800 };

    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await noScript.newPage();
    await page.goto(path);
    const group = page.getByRole('group', { name: legend[lang] });
    await expect(group.getByRole('radio')).toHaveCount(onSale.length);
    for (const session of onSale) {
      const title = lang === 'fa' ? session.product.title : session.product.en_title;
      await expect(group.getByText(title).first()).toBeVisible();
    }
    await expect(group).toContainText(seatsLeft[lang](localDigits(onSale[0]!.seats_left, lang)));
    await noScript.close();

    const scripted = await browser.newContext({ viewport });
    const live = await scripted.newPage();
    await live.goto(path);
    const cards = live.getByRole('group', { name: legend[lang] });
    await cards.scrollIntoViewIfNeeded();
    await expect(cards.getByText(perSeat[lang])).toHaveCount(onSale.length);
    await scripted.close();
  });
}
