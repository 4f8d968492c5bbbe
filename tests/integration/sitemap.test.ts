import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '~/server/db/schema';
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
      ['festivals', 'lives', 'movies', 'music', 'pages', 'series'].sort(),
    );
    expect(children.find((child) => child.name === 'pages')?.lastmod).toEqual(pages[1]!.lastmod);
    for (const child of children) expect(child.lastmod).toBeInstanceOf(Date);
  });

  it('lists every title exactly once, under its own kind, dated by its publication', async () => {
    const titles = await app.ctx.database.db.select().from(products);
    const listed: string[] = [];
    for (const child of await sitemapChildren(app.ctx, pages)) {
      if (child.name === 'pages') continue;
      const entries = (await sitemapEntries(app.ctx, child.name, pages)) ?? [];
      for (const entry of entries) expect(entry.lastmod).toBeInstanceOf(Date);
      listed.push(...entries.map((entry) => entry.route));
    }
    expect(listed.sort()).toEqual(titles.map((title) => titleRoute(title.kind, title.id)).sort());
  });

  it('answers nothing for a child it does not have', async () => {
    for (const name of ['movies-2', 'movies-1', 'account', 'play', '../pages', 'movies-02']) {
      expect(await sitemapEntries(app.ctx, name, pages), name).toBeNull();
    }
    expect(await sitemapEntries(app.ctx, 'pages', pages)).toEqual(pages);
  });
});
