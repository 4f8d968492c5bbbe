import { describe, expect, it } from 'vitest';
import {
  ageRatingText,
  countdownText,
  isoDuration,
  languageBadges,
  audioTracksText,
  releaseYear,
  searchFormOf,
  searchHref,
  searchParamsOf,
  searchYear,
  solarYearEnd,
  solarYearStart,
  titleIdOf,
} from '~/lib/catalog';
import { jsonLdText, shareImage, titleStructuredData } from '~/lib/structured-data';
import { artworkFile, artworkSrcset, type ArtworkImage, type TitleDetail } from '~/shared/catalog';

describe('Solar Hijri years', () => {
  it('finds Nowruz and the last day of Esfand', () => {
    expect(solarYearStart(1398)).toBe('2019-03-21');
    expect(solarYearEnd(1398)).toBe('2020-03-19');
    expect(solarYearStart(1403)).toBe('2024-03-20');
    expect(solarYearEnd(1403)).toBe('2025-03-20');
  });

  it('turns a typed year into what the search expects, in any digits', () => {
    expect(searchYear('۱۳۹۸', 'from', 'fa')).toBe('2019-03-21');
    expect(searchYear('1398', 'to', 'fa')).toBe('2020-03-19');
    expect(searchYear('2019', 'from', 'fa')).toBe('2019');
    expect(searchYear('٢٠١٩', 'to', 'en')).toBe('2019');
    expect(searchYear('1398', 'from', 'en')).toBeUndefined();
    expect(searchYear('abc', 'from', 'fa')).toBeUndefined();
    expect(searchYear('', 'from', 'fa')).toBeUndefined();
    expect(searchYear('2011-03-21', 'from', 'fa')).toBe('2011-03-21');
  });

  it('writes a release year in the page calendar', () => {
    expect(releaseYear('2011-03-15', 'fa')).toBe('۱۳۸۹');
    expect(releaseYear('2011-03-25', 'fa')).toBe('۱۳۹۰');
    expect(releaseYear('2011-03-15', 'en')).toBe('2011');
    expect(releaseYear(null, 'fa')).toBeNull();
  });
});

describe('the search URL', () => {
  it('reads the form from the query, clipping and defaulting', () => {
    const form = searchFormOf(
      new URLSearchParams('q=%20جدایی%20&kind=film&genre=drama&from=1390&dubbed=1&has_subtitle=1&page=۲'),
    );
    expect(form).toEqual({
      q: 'جدایی',
      kind: 'film',
      genre: 'drama',
      category: '',
      from: '1390',
      to: '',
      flags: ['has_subtitle', 'dubbed'],
      page: 2,
    });
    expect(searchFormOf(new URLSearchParams('page=-3')).page).toBe(1);
    // Only the five kinds: not a property every object has.
    expect(searchFormOf(new URLSearchParams('kind=constructor')).kind).toBe('');
  });

  it('gives the domain only what is set, with years converted', () => {
    const form = searchFormOf(new URLSearchParams('q=x&from=1390&to=2015'));
    expect(searchParamsOf(form, 'fa')).toEqual({
      q: 'x',
      kind: undefined,
      genre: undefined,
      category: undefined,
      from: '2011-03-21',
      to: '2015',
      flags: undefined,
      page: 1,
    });
  });

  it('builds page links that keep the filters', () => {
    const form = searchFormOf(new URLSearchParams('q=a b&kind=series&category=feature&has_subtitle=1'));
    expect(searchHref('fa', form, 2)).toBe(
      '/search?q=a+b&kind=series&category=feature&has_subtitle=1&page=2',
    );
    const dubbed = searchFormOf(new URLSearchParams('dubbed=1&kind=film'));
    expect(searchParamsOf(dubbed, 'en').flags).toEqual(['dubbed']);
    expect(searchHref('fa', dubbed, 1)).toBe('/search?kind=film&dubbed=1');
    expect(searchHref('en', form, 1)).toBe('/en/search?q=a+b&kind=series&category=feature&has_subtitle=1');
    expect(searchHref('en', {})).toBe('/en/search');
  });
});

describe('what cards and title pages say of languages', () => {
  const dubbed = {
    audio_tracks: [
      { lang: 'en', kind: 'original' as const },
      { lang: 'fa', kind: 'dub' as const },
    ],
    subtitle_languages: ['fa', 'en'],
  };

  it('a Persian dub, Persian subtitles and the original language, in both languages', () => {
    expect(languageBadges(dubbed, 'fa').map((b) => b.text)).toEqual([
      'دوبله فارسی',
      'زیرنویس فارسی',
      'زبان اصلی: انگلیسی',
    ]);
    expect(languageBadges(dubbed, 'en').map((b) => b.text)).toEqual([
      'Persian dub',
      'Persian subtitles',
      'Original: English',
    ]);
    expect(audioTracksText(dubbed.audio_tracks, 'fa')).toBe('انگلیسی (اصلی)، فارسی (دوبله)');
    expect(audioTracksText(dubbed.audio_tracks, 'en')).toBe('English (original), Persian (dub)');
  });

  it('nothing for a Persian film with English subtitles only; an audio description is said', () => {
    expect(languageBadges({ audio_tracks: [], subtitle_languages: ['en'] }, 'en')).toEqual([]);
    const described = {
      audio_tracks: [
        { lang: 'fa', kind: 'original' as const },
        { lang: 'fa', kind: 'description' as const },
      ],
      subtitle_languages: [],
    };
    expect(languageBadges(described, 'en')).toEqual([{ kind: 'description', text: 'Audio description' }]);
  });
});

describe('title page helpers', () => {
  it('accepts numeric ids only', () => {
    expect(titleIdOf('12')).toBe(12);
    expect(titleIdOf('12-a-separation')).toBe(12);
    expect(titleIdOf('۱۲')).toBe(12);
    expect(titleIdOf('play')).toBeNull();
    expect(titleIdOf('0')).toBeNull();
    expect(titleIdOf(undefined)).toBeNull();
  });

  it('counts down and rates ages', () => {
    expect(countdownText((2 * 24 * 60 + 3 * 60 + 5) * 60_000, 'en')).toBe('2 d 3 h');
    expect(countdownText(42 * 60_000, 'fa')).toBe('۴۲ دقیقه');
    expect(countdownText(90 * 60_000, 'fa')).toBe('۱ ساعت و ۳۰ دقیقه');
    expect(ageRatingText('15', 'fa')).toBe('بالای ۱۵ سال');
    expect(ageRatingText('G', 'en')).toBe('All ages');
    expect(isoDuration(95)).toBe('PT1H35M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(40)).toBe('PT40M');
  });
});

const image: ArtworkImage = { base: '/a-cover', widths: [640, 1280], width: 640, height: 360 };

function detail(overrides: Partial<TitleDetail>): TitleDetail {
  return {
    id: 1,
    kind: 'film',
    slug: 'a',
    title: 'جدایی',
    en_title: 'A Separation',
    year: 2011,
    poster: image,
    href: '/movies/1',
    genres: ['درام'],
    is_free: false,
    audio_tracks: [],
    opens_with: ['subscription', 'purchase'],
    synopsis: 'خلاصه </script>',
    en_synopsis: 'Synopsis',
    cover: image,
    category: { slug: 'feature', name: 'فیلم سینمایی', en_name: 'Feature film' },
    genre_list: [{ slug: 'drama', name: 'درام', en_name: 'Drama' }],
    release_date: '2011-02-09',
    duration_minutes: 123,
    country: 'IR',
    age_rating: '12',
    subtitle_languages: ['en'],
    regions: [],
    available_from: null,
    available_until: null,
    starts_at: null,
    ends_at: null,
    live: null,
    credits: {
      director: [{ id: 1, name: 'اصغر فرهادی', en_name: 'Asghar Farhadi' }],
      writer: [{ id: 1, name: 'اصغر فرهادی', en_name: 'Asghar Farhadi' }],
      producer: [],
      other: [],
    },
    seasons: [],
    festival_titles: [],
    related: [],
    availability: 'ok',
    ...overrides,
  };
}

const context = {
  url: 'https://example.test/movies/1',
  absolute: (path: string) => new URL(path, 'https://example.test').href,
  brand: 'سینماخانه',
};

describe('structured data', () => {
  it('describes a film as a Movie with its people', () => {
    const data = titleStructuredData(detail({}), { ...context, locale: 'en' });
    expect(data).toMatchObject({
      '@type': 'Movie',
      name: 'A Separation',
      alternateName: 'جدایی',
      duration: 'PT2H3M',
      image: 'https://example.test/a-cover-1280.webp',
      director: [{ '@type': 'Person', name: 'Asghar Farhadi' }],
      genre: ['Drama'],
    });
    expect(data['producer']).toBeUndefined();
  });

  it('lists a series with its seasons and a screening as an online Event', () => {
    const series = titleStructuredData(
      detail({
        kind: 'series',
        seasons: [
          {
            id: 1,
            number: 1,
            title: 'فصل یک',
            en_title: 'One',
            episodes: [
              {
                id: 1,
                number: 1,
                title: 'آغاز',
                en_title: 'Start',
                synopsis: '',
                en_synopsis: '',
                duration_minutes: 45,
                audio_tracks: [],
              },
            ],
          },
        ],
      }),
      { ...context, locale: 'fa' },
    );
    expect(series).toMatchObject({ '@type': 'TVSeries', numberOfSeasons: 1, numberOfEpisodes: 1 });
    const screening = titleStructuredData(
      detail({
        kind: 'screening',
        starts_at: '2026-12-01T16:30:00.000Z',
        ends_at: '2026-12-01T19:00:00.000Z',
      }),
      { ...context, locale: 'fa' },
    );
    expect(screening).toMatchObject({
      '@type': 'Event',
      startDate: '2026-12-01T16:30:00.000Z',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation' },
    });
    const music = titleStructuredData(detail({ kind: 'music' }), { ...context, locale: 'fa' });
    expect(music['@type']).toBe('MusicRecording');
    const festival = titleStructuredData(detail({ kind: 'festival', festival_titles: [detail({})] }), {
      ...context,
      locale: 'en',
    });
    expect(festival).toMatchObject({ '@type': 'ItemList', numberOfItems: 1 });
  });

  it('cannot be closed early by a text', () => {
    const text = jsonLdText(titleStructuredData(detail({}), { ...context, locale: 'fa' }));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).description).toBe('خلاصه </script>');
  });

  it('names artwork files from their stem', () => {
    expect(shareImage(image)).toBe('/a-cover-1280.webp');
    expect(artworkFile(image, 'avif')).toBe('/a-cover-640.avif');
    expect(artworkSrcset(image, 'webp')).toBe('/a-cover-640.webp 640w, /a-cover-1280.webp 1280w');
  });
});
