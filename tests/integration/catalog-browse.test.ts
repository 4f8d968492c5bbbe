import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '~/server/db/schema';
import type { SlideItem, TitleDetail, Widget, WidgetPage } from '~/shared/catalog';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

const IRANIAN = '5.160.0.1';
const GERMAN = '85.214.132.117';

describe(`catalogue browsing on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: '1', TRUST_PROXY: '1' });
  });
  afterAll(() => app.close());

  async function json<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
    const res = await app.request(path, { headers });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  }

  async function idOf(slug: string): Promise<number> {
    const [row] = await app.ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, slug));
    if (!row) throw new Error(`no ${slug}`);
    return row.id;
  }

  function title(id: number, address = IRANIAN, locale = 'fa'): Promise<TitleDetail> {
    return json<TitleDetail>(`/products/${id}`, { 'x-forwarded-for': address, 'accept-language': locale });
  }

  it('serves the slider from the content file, in its order, with covers', async () => {
    const { slides } = await json<{ slides: SlideItem[] }>('/core/get-home-slider');
    expect(slides.map((slide) => slide.title)).toEqual([
      'جدایی نادر از سیمین',
      'شهرزاد',
      'شب‌های تهران',
      'بچه‌های آسمان',
      'مرور آثار عباس کیارستمی',
    ]);
    expect(slides[0]!.cover).toMatchObject({ width: 640, height: 360 });
    expect(slides[0]!.href).toMatch(/^\/movies\/\d+$/);
    const english = await json<{ slides: SlideItem[] }>('/core/get-home-slider', { 'accept-language': 'en' });
    expect(english.slides[0]!.href).toMatch(/^\/en\/movies\/\d+$/);
  });

  it('lists curated, newest, screening, festival and genre rows, and pages each', async () => {
    const { widgets } = await json<{ widgets: Widget[] }>('/core/get-home-widgets');
    const ids = widgets.map((widget) => widget.id);
    expect(ids.slice(0, 5)).toEqual([
      'curated-editors-picks',
      'curated-free-to-watch',
      'newest',
      'screenings',
      'festivals',
    ]);
    expect(ids).toEqual(expect.arrayContaining(['genre-drama', 'genre-comedy', 'genre-animation']));
    const byId = new Map(widgets.map((widget) => [widget.id, widget]));
    expect(byId.get('curated-editors-picks')!.items[0]!.slug).toBe('the-salesman');
    // The ended screening has left the row; the live one comes first.
    expect(byId.get('screenings')!.items.map((item) => item.slug)).toEqual([
      'tehran-nights-live',
      'kamkars-night-live',
      'the-orange-grove-live',
      'the-silent-shore-live',
    ]);
    expect(byId.get('festivals')!.items).toHaveLength(3);

    const newest = byId.get('newest')!;
    // Eight cards a row (WIDGET_PAGE_SIZE), the rest a page away.
    expect(newest.items).toHaveLength(8);
    expect(newest.has_more).toBe(true);
    const pages: WidgetPage[] = [];
    for (let page = 1; ; page++) {
      const result = await json<WidgetPage>(`/widgetV4/newest?page=${page}`);
      pages.push(result);
      if (!result.has_more) break;
    }
    expect(pages[0]!.items).toEqual(newest.items);
    const all = pages.flatMap((page) => page.items);
    // Films, series and music: 41 + 10 + 8.
    expect(all).toHaveLength(59);
    expect(new Set(all.map((item) => item.id)).size).toBe(59);
    const years = all.map((item) => item.year ?? 0);
    expect(years.slice(0, 3)).toEqual([...years].sort((a, b) => b - a).slice(0, 3));
  });

  it('answers 404 with the translated message for unknown rows and titles', async () => {
    const row = await app.request('/widgetV4/genre-opera', { headers: { 'accept-language': 'en' } });
    expect(row.status).toBe(404);
    expect(await row.json()).toEqual({ message: 'Not found.' });
    const product = await app.request('/products/99999');
    expect(product.status).toBe(404);
    expect(await product.json()).toEqual({ message: 'پیدا نشد' });
  });

  it('gives film details with credits by role, genres and related titles', async () => {
    const film = await title(await idOf('a-separation'));
    expect(film).toMatchObject({
      kind: 'film',
      title: 'جدایی نادر از سیمین',
      en_title: 'A Separation',
      year: 2011,
      release_date: '2011-03-16',
      duration_minutes: 123,
      country: 'IR',
      age_rating: '12',
      subtitle_languages: ['en', 'fr', 'ar'],
      category: { slug: 'feature', name: 'فیلم سینمایی', en_name: 'Feature film' },
      availability: 'ok',
      live: null,
      seasons: [],
      festival_titles: [],
    });
    expect(film.credits.director.map((person) => person.en_name)).toEqual(['Asghar Farhadi']);
    expect(film.credits.other.map((person) => person.name)).toEqual([
      'پیمان معادی',
      'لیلا حاتمی',
      'شهاب حسینی',
    ]);
    expect(film.genre_list.map((genre) => genre.slug)).toEqual(['drama', 'family']);
    expect(film.related.length).toBeGreaterThan(0);
    expect(film.related.every((item) => item.kind === 'film' && item.id !== film.id)).toBe(true);
    expect(film.poster).toEqual({
      base: '/api/v1/media/artwork/a-separation-poster',
      widths: [240, 480],
      width: 240,
      height: 360,
    });
  });

  it('gives series with seasons and episodes, music, screenings and festivals their own details', async () => {
    const series = await title(await idOf('shahrzad'), IRANIAN, 'en');
    expect(series.href).toBe(`/en/series/${series.id}`);
    expect(series.seasons.map((season) => [season.number, season.episodes.length])).toEqual([
      [1, 6],
      [2, 5],
      [3, 4],
    ]);
    expect(series.seasons[0]!.episodes[0]).toMatchObject({
      number: 1,
      title: 'قسمت ۱',
      en_title: 'Episode 1',
    });

    const music = await title(await idOf('neynava'));
    expect(music).toMatchObject({ kind: 'music', href: `/music/${music.id}`, availability: 'ok' });
    expect(music.credits.other.map((person) => person.en_name)).toEqual(['Hossein Alizadeh']);

    const live = await title(await idOf('tehran-nights-live'));
    expect(live).toMatchObject({
      kind: 'screening',
      live: 'live',
      availability: 'ok',
      href: `/lives/${live.id}`,
    });
    expect(Date.parse(live.starts_at!)).toBeLessThan(app.clock.now().getTime());
    const upcoming = await title(await idOf('the-orange-grove-live'));
    expect(upcoming).toMatchObject({ live: 'upcoming', availability: 'not_yet' });
    const ended = await title(await idOf('winter-letters-live'));
    expect(ended).toMatchObject({ live: 'ended', availability: 'ended' });

    const festival = await title(await idOf('kiarostami-retrospective'));
    expect(festival.href).toBe(`/festivals/${festival.id}`);
    expect(festival.festival_titles.map((item) => item.slug)).toEqual([
      'where-is-the-friends-house',
      'close-up',
      'taste-of-cherry',
      'the-wind-will-carry-us',
    ]);
  });

  it('judges availability by the visitor country and the licence window', async () => {
    const lizard = await idOf('the-lizard');
    expect((await title(lizard, IRANIAN)).availability).toBe('ok');
    expect((await title(lizard, GERMAN)).availability).toBe('region');
    expect((await title(await idOf('a-separation'), GERMAN)).availability).toBe('ok');
    expect((await title(await idOf('the-ninth-wave'), IRANIAN)).availability).toBe('not_yet');
    // Region first: a screening for Iran only is refused abroad even before it starts.
    expect((await title(await idOf('the-silent-shore-live'), GERMAN)).availability).toBe('region');
  });

  it('serves artwork in AVIF and WebP, rendered once and cached for good', async () => {
    for (const [file, type] of [
      ['a-separation-poster-240.avif', 'image/avif'],
      ['a-separation-cover-1280.webp', 'image/webp'],
    ] as const) {
      const res = await app.request(`/media/artwork/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(500);
      const again = await app.request(`/media/artwork/${file}`);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    }
    for (const bad of [
      'a-separation-poster-300.avif',
      'a-separation-poster-240.png',
      'A-Separation-poster-240.avif',
      '..%2F..%2Fetc%2Fpasswd',
      'no-such-title-poster-240.webp',
      'a-separation-banner-640.webp',
    ]) {
      const res = await app.request(`/media/artwork/${bad}`);
      expect(res.status, bad).toBe(404);
    }
  });
});
