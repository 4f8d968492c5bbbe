import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cafes, products, shopProducts } from '~/server/db/schema';
import { sitemapChildren, sitemapEntries } from '~/server/growth/sitemap';
import { titleRoute } from '~/lib/routes';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

const pages = [{ route: '/' }, { route: '/about', lastmod: new Date('2026-01-01T00:00:00Z') }];

describe(`sitemap on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: '1' });
  });
  afterAll(() => app.close());

  it('has a child per kind of title and one for pages, each with its newest date', async () => {
    const children = await sitemapChildren(app.ctx, pages);
    expect(children.map((child) => child.name).sort()).toEqual(
      ['cafes', 'festivals', 'lives', 'movies', 'music', 'pages', 'series', 'shop'].sort(),
    );
    expect(children.find((child) => child.name === 'pages')?.lastmod).toEqual(pages[1]!.lastmod);
    for (const child of children) expect(child.lastmod).toBeInstanceOf(Date);
  });

  it('lists every title exactly once, under its own kind, dated by its publication', async () => {
    const titles = await app.ctx.database.db.select().from(products);
    const listed: string[] = [];
    for (const child of await sitemapChildren(app.ctx, pages)) {
      if (['pages', 'shop', 'cafes'].includes(child.name)) continue;
      const entries = (await sitemapEntries(app.ctx, child.name, pages)) ?? [];
      for (const entry of entries) expect(entry.lastmod).toBeInstanceOf(Date);
      listed.push(...entries.map((entry) => entry.route));
    }
    expect(listed.sort()).toEqual(titles.map((title) => titleRoute(title.kind, title.id)).sort());
  });

  it('lists the shop, each category with goods and every good on sale, and every open cafe (issue 24, 17)', async () => {
    const { db } = app.ctx.database;
    const goods = await db.select().from(shopProducts).where(eq(shopProducts.active, true));
    const shop = ((await sitemapEntries(app.ctx, 'shop', pages)) ?? []).map((entry) => entry.route);
    expect(goods.length).toBeGreaterThan(0);
    expect(shop).toEqual(
      expect.arrayContaining([
        '/shop',
        ...goods.map((good) => `/shop/${good.id}`),
        ...new Set(goods.map((good) => `/shop?category=${good.category}`)),
      ]),
    );
    expect(shop).toHaveLength(1 + new Set(goods.map((good) => good.category)).size + goods.length);

    const open = await db.select().from(cafes).where(eq(cafes.active, true));
    const listed = ((await sitemapEntries(app.ctx, 'cafes', pages)) ?? []).map((entry) => entry.route);
    expect(open.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(['/cafes', ...open.map((cafe) => `/cafes/${cafe.slug}`)].sort());
  });

  it('answers nothing for a child it does not have', async () => {
    for (const name of ['movies-2', 'movies-1', 'account', 'play', '../pages', 'movies-02']) {
      expect(await sitemapEntries(app.ctx, name, pages), name).toBeNull();
    }
    expect(await sitemapEntries(app.ctx, 'pages', pages)).toEqual(pages);
  });
});
