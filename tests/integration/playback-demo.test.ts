import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, extendSubscription } from '~/server/commerce/entitlements';
import { products } from '~/server/db/schema';
import { DEMO_TICKETS } from '~/server/demo/playback';
import { DEMO_VIEWER } from '~/server/demo/viewer';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { en, GERMAN, IRANIAN } from './playback-fixtures';

/** The demo database as `npm start` makes it: what the README promises about playing. */
describe(`demo playback seed on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  const ids = new Map<string, number>();
  const play = (path: string, init: { token?: string; address?: string } = {}) =>
    app.request(path, {
      clientAddress: init.address ?? IRANIAN,
      headers: { ...en, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    });
  const id = (slug: string) => ids.get(slug)!;

  beforeAll(async () => {
    app = await startAccountsApp({ SEED_DEMO: '1' });
    for (const row of await app.ctx.database.db
      .select({ id: products.id, slug: products.slug })
      .from(products)) {
      ids.set(row.slug, row.id);
    }
    const login = await app.login(DEMO_VIEWER.phone.replace('+98', '0'), DEMO_VIEWER.password);
    token = (await login.json()).token;
  });
  afterAll(() => app.close());

  it('lets the demo viewer play the catalogue by subscription and the bought title', async () => {
    for (const slug of ['a-separation', 'shahrzad', 'bidad', 'a-hero']) {
      expect((await play(`/play-info/${id(slug)}`, { token })).status, slug).toBe(200);
    }
    expect((await play(`/play-info/${id('a-hero')}`)).status).toBe(401);
    expect((await play(`/play-preview-info/${id('a-hero')}`)).status).toBe(200);
  });

  it('shows each refusal on a documented title', async () => {
    const cases = [
      ['the-tenants', IRANIAN, 204, null],
      ['gabbeh', IRANIAN, 204, null],
      ['the-mirror', IRANIAN, 403, 'Item not available in your region.'],
      ['the-lizard', GERMAN, 403, 'Item not available in your region.'],
      ['the-ninth-wave', IRANIAN, 403, 'Not available at this time.'],
      ['the-pear-tree', IRANIAN, 403, 'Plans not available for this movie.'],
      ['winter-letters-live', IRANIAN, 410, 'Screening has ended.'],
      ['kamkars-night-live', IRANIAN, 402, 'Buy a ticket to watch this screening.'],
    ] as const;
    for (const [slug, address, status, message] of cases) {
      const res = await play(`/play-info/${id(slug)}`, { token, address });
      expect(res.status, slug).toBe(status);
      if (message) expect((await res.json()).message, slug).toBe(message);
    }
    expect((await play(`/play-preview-info/${id('gabbeh')}`)).status).toBe(200);
  });

  it('sells no title without video on its own: the tenants and gabbeh offer their subscriptions only', async () => {
    for (const slug of ['the-tenants', 'gabbeh']) {
      const info = await (await play(`/purchase-info/${id(slug)}`)).json();
      expect(info.options, slug).toEqual([]);
      expect(info.packages.length, slug).toBeGreaterThan(0);
      expect(info.coming_soon, slug).toBe(true);
    }
  });

  it('says on each title and card what opens it, by the rules the player applies', async () => {
    const cases = [
      ['a-separation', ['subscription', 'purchase']],
      ['a-hero', ['purchase']],
      ['the-pear-tree', []],
      ['children-of-heaven', ['free']],
      ['close-up', ['subscription', 'purchase', 'festival']],
      ['kiarostami-retrospective', ['festival']],
      ['tehran-nights-live', ['ticket']],
    ] as const;
    for (const [slug, opens] of cases) {
      const detail = await (await play(`/products/${id(slug)}`)).json();
      expect(detail.opens_with, slug).toEqual(opens);
    }
    const search = await (await play('/search?q=A%20Hero')).json();
    const card = search.items.find((item: { id: number }) => item.id === id('a-hero'));
    expect(card.opens_with).toEqual(['purchase']);
    // What the labels say is what the player does: a subscriber is offered a purchase of a-hero, and
    // the pear tree is sold by nothing.
    const subscriber = await app.signUp('opens-with@example.com');
    const now = app.ctx.clock.now();
    await extendSubscription(app.ctx.database.db, {
      userId: subscriber.me.id,
      plan: 'monthly',
      until: (start) => addMonths(start, 1),
      source: 'seed',
      now,
    });
    const aHero = await play(`/play-info/${id('a-hero')}`, { token: subscriber.token });
    expect(aHero.status).toBe(402);
    expect((await aHero.json()).message).toBe('Buy this title to watch it.');
    expect((await play(`/play-info/${id('a-separation')}`, { token: subscriber.token })).status).toBe(200);
    const unsold = await play(`/play-info/${id('the-pear-tree')}`, { token: subscriber.token });
    expect((await unsold.json()).message).toBe('Plans not available for this movie.');
  });

  it('has fixed ticket codes for the festival and the screenings', async () => {
    expect(await (await play(`/check-ticket/${DEMO_TICKETS.festival}`)).json()).toMatchObject({
      status: 'valid',
      kind: 'festival',
      product: { id: id('kiarostami-retrospective') },
    });
    expect((await (await play(`/check-live-ticket/${DEMO_TICKETS.live}`)).json()).status).toBe('valid');
    expect((await play(`/check-live-ticket/${DEMO_TICKETS.viewerLive}`)).status).toBe(401);
    expect((await play(`/live-play-info/${id('tehran-nights-live')}`, { token })).status).toBe(200);
    const festival = await play(`/play-info?using_ticket=${DEMO_TICKETS.festival}`);
    expect(festival.status).toBe(200);
    expect((await festival.json()).product.id).toBe(id('where-is-the-friends-house'));
    const soon = await play(`/live-play-info?using_ticket=${DEMO_TICKETS.upcoming}`);
    expect(soon.status).toBe(425);
    expect((await soon.json()).starts_at).toBeDefined();
    const live = await play(`/live-play-info?using_ticket=${DEMO_TICKETS.live}`);
    expect(live.status).toBe(200);
    expect((await live.json()).auth.me.ticket.code).toBe(DEMO_TICKETS.live);
  });

  it('records which titles are dubbed, and those play the package with both voices', async () => {
    const rows = await app.ctx.database.db
      .select({ slug: products.slug, audio: products.audioTracks })
      .from(products);
    const dubbed = rows.filter((row) => row.audio.length > 0);
    expect(dubbed.map((row) => row.slug).sort()).toEqual(['hyrcanian-forests', 'stones-of-persepolis']);
    for (const row of dubbed) {
      expect(row.audio).toEqual([
        { lang: 'en', kind: 'original' },
        { lang: 'fa', kind: 'dub' },
      ]);
    }
    const info = await play(`/play-info/${id('hyrcanian-forests')}`, { token });
    expect(info.status).toBe(200);
    const master = await play((await info.json()).stream.master.replace(/^\/api\/v1/, ''));
    const languages = [...(await master.text()).matchAll(/^#EXT-X-MEDIA:TYPE=AUDIO,.*LANGUAGE="(\w+)"/gm)];
    expect(languages.map((m) => m[1])).toEqual(['en', 'fa']);
  });
});
