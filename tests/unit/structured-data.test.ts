import { describe, expect, it } from 'vitest';
import {
  homeStructuredData,
  offerPrice,
  pageStructuredData,
  titleStructuredData,
  type JsonLd,
} from '~/lib/structured-data';
import type { ArtworkImage, TitleDetail } from '~/shared/catalog';
import { structuredDataProblems, typesIn } from '../fixtures/structured-data-rules';

const image: ArtworkImage = { base: '/a-cover', widths: [640, 1280], width: 640, height: 360 };
const absolute = (path: string) => new URL(path, 'https://example.test').href;
const site = {
  locale: 'en' as const,
  brand: 'Cinemakhaneh',
  absolute,
  logo: '/icons/icon-512.png',
  telephone: '+982191012345',
  email: 'support@example.test',
};

function title(overrides: Partial<TitleDetail>): TitleDetail {
  return {
    id: 7,
    kind: 'film',
    slug: 'a',
    title: 'جدایی',
    en_title: 'A Separation',
    year: 2011,
    poster: image,
    href: '/movies/7',
    genres: [],
    is_free: false,
    audio_tracks: [],
    opens_with: ['subscription', 'purchase'],
    synopsis: 'خلاصه',
    en_synopsis: 'Synopsis',
    cover: image,
    category: { slug: 'feature', name: 'فیلم', en_name: 'Feature' },
    genre_list: [],
    release_date: '2011-02-09',
    duration_minutes: 123,
    country: 'IR',
    age_rating: null,
    subtitle_languages: [],
    regions: [],
    available_from: null,
    available_until: null,
    starts_at: null,
    ends_at: null,
    live: null,
    credits: { director: [{ id: 1, name: 'ف', en_name: 'F' }], writer: [], producer: [], other: [] },
    seasons: [],
    festival_titles: [],
    related: [],
    availability: 'ok',
    ...overrides,
  };
}

const prices = [
  { currency: 'IRR' as const, total: 1_650_000 },
  { currency: 'USD' as const, total: 549 },
];
const titleOf = (detail: TitleDetail, withPrices = prices) =>
  titleStructuredData(detail, { ...site, url: absolute(detail.href), prices: withPrices });

function expectSound(data: JsonLd, ...types: string[]) {
  expect(structuredDataProblems(data)).toEqual([]);
  expect(typesIn(data)).toEqual(expect.arrayContaining(types));
  // What the page writes is what a crawler parses.
  expect(JSON.parse(JSON.stringify(data))).toEqual(data);
}

const schedule = { starts_at: '2026-04-01T18:00:00.000Z', ends_at: '2026-04-01T20:00:00.000Z' };

describe('structured data of every kind of page', () => {
  it('a film: Movie with offers in both currencies and its breadcrumbs', () => {
    const data = titleOf(title({}));
    expectSound(data, 'Movie', 'Offer', 'BreadcrumbList', 'WebPage');
    expect(data['offers']).toEqual([
      expect.objectContaining({ price: '1650000', priceCurrency: 'IRR' }),
      expect.objectContaining({ price: '5.49', priceCurrency: 'USD' }),
    ]);
  });

  it('a series: TVSeries with seasons and episodes', () => {
    const seasons = [
      {
        id: 1,
        number: 1,
        title: 'فصل',
        en_title: 'Season 1',
        episodes: [1, 2].map((number) => ({
          id: number,
          number,
          title: 'ق',
          en_title: `Episode ${number}`,
          synopsis: '',
          en_synopsis: '',
          duration_minutes: 40,
          audio_tracks: [],
        })),
      },
    ];
    const data = titleOf(title({ kind: 'series', href: '/series/7', seasons }), []);
    expectSound(data, 'TVSeries', 'TVSeason', 'TVEpisode');
    expect(data).toMatchObject({ numberOfSeasons: 1, numberOfEpisodes: 2 });
  });

  it('music: MusicRecording', () => {
    expectSound(titleOf(title({ kind: 'music', href: '/music/7' }), []), 'MusicRecording');
  });

  it('a screening: an online Event with offers, none once it has ended', () => {
    const live = titleOf(title({ kind: 'screening', href: '/lives/7', ...schedule }));
    expectSound(live, 'Event', 'VirtualLocation', 'Offer');
    const ended = titleOf(title({ kind: 'screening', href: '/lives/7', ...schedule, availability: 'ended' }));
    expectSound(ended, 'Event');
    expect(ended['offers']).toBeUndefined();
  });

  it('a festival: an Event when scheduled, else the ItemList of its programme', () => {
    const programme = [title({ href: '/movies/8' }), title({ kind: 'series', href: '/series/9' })];
    const event = titleOf(
      title({ kind: 'festival', href: '/festivals/7', festival_titles: programme, ...schedule }),
    );
    expectSound(event, 'Event', 'CreativeWork', 'TVSeries');
    expectSound(
      titleOf(title({ kind: 'festival', href: '/festivals/7', festival_titles: programme }), []),
      'ItemList',
    );
  });

  it('a title with a trailer: a VideoObject of it, on every kind (issue 24, 17)', () => {
    const trailer = {
      duration: 95.4,
      uploadDate: '2026-01-05T10:00:00.000Z',
      embedUrl: absolute('/en/play-preview/7'),
    };
    const withTrailer = (detail: TitleDetail) =>
      titleStructuredData(detail, { ...site, url: absolute(detail.href), prices, trailer });
    const film = withTrailer(title({}));
    expectSound(film, 'Movie', 'VideoObject');
    expect(film['trailer']).toEqual({
      '@type': 'VideoObject',
      name: 'A Separation',
      description: 'Synopsis',
      thumbnailUrl: 'https://example.test/a-cover-1280.webp',
      uploadDate: '2026-01-05T10:00:00.000Z',
      duration: 'PT1M35S',
      embedUrl: 'https://example.test/en/play-preview/7',
    });
    expectSound(withTrailer(title({ kind: 'series', href: '/series/7' })), 'TVSeries', 'VideoObject');
    expectSound(withTrailer(title({ kind: 'music', href: '/music/7' })), 'MusicRecording', 'VideoObject');
    expectSound(
      withTrailer(title({ kind: 'screening', href: '/lives/7', ...schedule })),
      'Event',
      'VideoObject',
    );
    expect(typesIn(titleOf(title({})))).not.toContain('VideoObject');
  });

  it('an Event says only what schema.org defines for events', () => {
    const genre_list = [{ slug: 'drama', name: 'درام', en_name: 'Drama' }];
    const detail = title({ kind: 'screening', href: '/lives/7', ...schedule, genre_list, age_rating: '+15' });
    const event = titleOf(detail);
    for (const property of [
      'genre',
      'datePublished',
      'contentRating',
      'countryOfOrigin',
      'author',
      'producer',
    ]) {
      expect(event[property], property).toBeUndefined();
    }
    expect(structuredDataProblems({ ...event, genre: 'Drama', producer: [] })).toEqual([
      '$ (Event): genre is not a property of Event',
      '$ (Event): producer is not a property of Event',
    ]);
  });

  it("a screening's credits: its director, and its writers and producers as contributors", () => {
    const credits = {
      director: [{ id: 1, name: 'ف', en_name: 'Asghar Farhadi' }],
      writer: [{ id: 2, name: 'ن', en_name: 'A Writer' }],
      producer: [{ id: 3, name: 'ت', en_name: 'A Producer' }],
      other: [],
    };
    const event = titleOf(title({ kind: 'screening', href: '/lives/7', ...schedule, credits }));
    expectSound(event, 'Event', 'VirtualLocation', 'Offer', 'Person');
    expect(event['director']).toEqual([{ '@type': 'Person', name: 'Asghar Farhadi' }]);
    expect(event['contributor']).toEqual([
      { '@type': 'Person', name: 'A Writer' },
      { '@type': 'Person', name: 'A Producer' },
    ]);
  });

  it('the home page: Organization and the WebSite with its search', () => {
    const data = homeStructuredData(site);
    expectSound(data, 'Organization', 'WebSite', 'SearchAction');
    expect(JSON.stringify(data)).toContain('https://example.test/en/search?q={search_term_string}');
  });

  it('other pages: a WebPage of their kind with breadcrumbs', () => {
    for (const type of ['WebPage', 'AboutPage', 'ContactPage', 'SearchResultsPage'] as const) {
      const data = pageStructuredData(
        { type, name: 'About us', description: 'Who we are', url: absolute('/en/about') },
        site,
      );
      expectSound(data, type, 'BreadcrumbList', 'WebSite');
    }
  });

  it('the checker catches what a search engine would refuse', () => {
    const broken = titleOf(title({ kind: 'screening', href: '/lives/7' }));
    expect(structuredDataProblems(broken)).toContain('$ (Event): startDate missing or invalid');
    expect(structuredDataProblems({ '@type': 'Movei', name: 'x' })).toEqual(['$: unknown type Movei']);
  });

  it('writes prices in the currency unit', () => {
    expect(offerPrice(1_650_000, 'IRR')).toBe('1650000');
    expect(offerPrice(500, 'USD')).toBe('5.00');
  });
});
