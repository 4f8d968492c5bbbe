import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '~/shared/catalog';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

describe(`catalogue search on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: '1' });
  });
  afterAll(() => app.close());

  async function search(query: Record<string, string>): Promise<SearchResult> {
    const res = await app.request(`/search?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(200);
    return (await res.json()) as SearchResult;
  }
  const slugs = (result: SearchResult) => result.items.map((item) => item.slug);

  it.each([
    ['Arabic yeh', 'جدايي نادر از سيمين', 'a-separation'],
    ['Arabic kaf and yeh', 'كلاه قرمزي', 'kolah-ghermezi'],
    ['zero-width non-joiner', 'بچه‌های آسمان', 'children-of-heaven'],
    ['a space instead of the non-joiner', 'بچه های آسمان', 'children-of-heaven'],
    ['neither space nor non-joiner', 'بچههای آسمان', 'children-of-heaven'],
    ['diacritics', 'فُروشَندِه', 'the-salesman'],
    ['alef without madda', 'اژانس شیشه ای', 'the-glass-agency'],
    ['yeh for yeh with hamza', 'دایی جان ناپلیون', 'dear-uncle-napoleon'],
    ['tatweel', 'شـــهرزاد', 'shahrzad'],
    ['Persian digits', '۲۰ انگشت', 'twenty-fingers'],
    ['Arabic digits', '٢٠ انگشت', 'twenty-fingers'],
    ['Latin digits', '20 انگشت', 'twenty-fingers'],
    ['English in capitals', 'A SEPARATION', 'a-separation'],
    ['English in lower case', 'song of sparrows', 'the-song-of-sparrows'],
    ['without the question mark, with Arabic kaf', 'خانه دوست كجاست', 'where-is-the-friends-house'],
  ])('finds a title typed with %s', async (_name, q, slug) => {
    expect(slugs(await search({ q }))).toContain(slug);
  });

  it('matches every word, also in credits and genres, and ranks title prefixes first', async () => {
    const byDirector = await search({ q: 'kiarostami' });
    expect(slugs(byDirector)).toEqual(expect.arrayContaining(['taste-of-cherry', 'close-up']));
    expect(slugs(await search({ q: 'فرهادی درباره' }))).toEqual(['about-elly']);
    expect((await search({ q: 'فرهادی ناموجود' })).total).toBe(0);
    const ranked = await search({ q: 'خانه' });
    // "خانه سیاه است" and "خانه دوست کجاست" start with the word; "خانه به دوش" too; others only contain it.
    expect(slugs(ranked).slice(0, 3).sort()).toEqual(
      ['nomad', 'the-house-is-black', 'where-is-the-friends-house'].sort(),
    );
  });

  it('filters by genre, category, release range and subtitles, alone and together', async () => {
    const animation = await search({ genre: 'animation' });
    expect(slugs(animation).sort()).toEqual(['the-elephant-king', 'the-last-fiction']);
    const documentaries = await search({ category: 'documentary' });
    expect(slugs(documentaries)).toEqual(
      expect.arrayContaining(['the-house-is-black', 'hyrcanian-forests', 'silk-roads']),
    );
    expect(documentaries.items.every((item) => ['film', 'series'].includes(item.kind))).toBe(true);

    const sixties = await search({ from: '1960', to: '1969' });
    expect(slugs(sixties).sort()).toEqual(['qeysar', 'the-cow', 'the-house-is-black']);
    const byDate = await search({ from: '1969-10-01', to: '1969-12-31' });
    expect(slugs(byDate)).toEqual(['qeysar']);

    const subtitled = await search({ has_subtitle: '1', from: '1960', to: '1969' });
    expect(slugs(subtitled)).toEqual(['the-house-is-black']);

    const combined = await search({ q: 'مهرجویی', genre: 'drama', to: '1990', has_subtitle: '1' });
    expect(slugs(combined).sort()).toEqual(['hamoun']);
    const none = await search({ genre: 'animation', category: 'documentary' });
    expect(none).toEqual({ items: [], total: 0, page: 1, pages: 0 });
  });

  it('filters the titles dubbed in Persian, alone and with other filters; cards say their languages', async () => {
    const dubbed = await search({ dubbed: '1' });
    expect(slugs(dubbed).sort()).toEqual(['hyrcanian-forests', 'stones-of-persepolis']);
    for (const card of dubbed.items) {
      expect(card.audio_tracks).toEqual([
        { lang: 'en', kind: 'original' },
        { lang: 'fa', kind: 'dub' },
      ]);
    }
    // Its subtitles are French and English: no Persian subtitles said on its card.
    const stones = dubbed.items.find((card) => card.slug === 'stones-of-persepolis')!;
    expect(stones.subtitle_languages).toEqual(['en', 'fr']);
    expect(slugs(await search({ dubbed: '1', has_subtitle: '1', from: '2021' }))).toEqual([
      'stones-of-persepolis',
    ]);
    expect(slugs(await search({ dubbed: '1', q: 'hyrcanian' }))).toEqual(['hyrcanian-forests']);
    expect((await search({ dubbed: '1', genre: 'drama' })).total).toBe(0);
    // Off: every title again.
    expect((await search({ dubbed: '0' })).total).toBe((await search({})).total);
    expect((await app.request('/search?dubbed=yes')).status).toBe(422);
  });

  it('filters by kind, alone and with words and other filters, and refuses unknown kinds', async () => {
    const totals: Record<string, number> = {};
    for (const kind of ['film', 'series', 'music', 'screening', 'festival']) {
      const result = await search({ kind });
      expect(result.items.every((item) => item.kind === kind)).toBe(true);
      totals[kind] = result.total;
    }
    expect(totals).toEqual({ film: 41, series: 10, music: 8, screening: 5, festival: 3 });
    // Kiarostami directed films and is the subject of a festival: the kind keeps one of the two.
    const films = await search({ q: 'kiarostami', kind: 'film' });
    expect(slugs(films)).toEqual(expect.arrayContaining(['taste-of-cherry', 'close-up']));
    expect(films.items.every((item) => item.kind === 'film')).toBe(true);
    const festivals = await search({ q: 'kiarostami', kind: 'festival' });
    expect(festivals.items.length).toBeGreaterThan(0);
    expect(festivals.items.every((item) => item.kind === 'festival')).toBe(true);
    const documentarySeries = await search({ kind: 'series', category: 'documentary' });
    expect(slugs(documentarySeries).length).toBeGreaterThan(0);
    expect(documentarySeries.items.every((item) => item.kind === 'series')).toBe(true);

    const res = await app.request('/search?kind=opera', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['kind']);
  });

  it('pages by 24 with total and page count', async () => {
    const first = await search({});
    expect(first.total).toBe(67);
    expect(first.pages).toBe(3);
    expect(first.items).toHaveLength(24);
    const last = await search({ page: '3' });
    expect(last.items).toHaveLength(19);
    const all = [...slugs(first), ...slugs(await search({ page: '2' })), ...slugs(last)];
    expect(new Set(all).size).toBe(67);
    expect((await search({ page: '4' })).items).toEqual([]);
  });

  it('refuses malformed filters with translated field errors', async () => {
    const res = await app.request('/search?from=last-year&page=0', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['from', 'page']);
  });

  it('lists genres and the categories in use', async () => {
    const res = await app.request('/search/facets');
    const facets = (await res.json()) as { genres: { slug: string }[]; categories: { slug: string }[] };
    expect(facets.genres.map((genre) => genre.slug)).toContain('drama');
    expect(facets.categories.map((category) => category.slug)).toEqual(
      expect.arrayContaining(['feature', 'documentary', 'animation', 'tv-series', 'album', 'festival']),
    );
  });
});
