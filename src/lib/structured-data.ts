import { artworkFile, type ArtworkImage, type Person, type TitleDetail } from '~/shared/catalog';
import { isoDuration } from './catalog';
import type { Locale } from './locale';

/**
 * schema.org data for a title page (JSON-LD): Movie, TVSeries with its seasons, MusicRecording, an
 * online Event for screenings, and for festivals an Event (when scheduled) or an ItemList of the
 * programme. Pure, so it is unit-tested; the page serialises it with `jsonLdText`.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };
export type JsonLd = { [key: string]: Json | undefined };

/** The share picture of a title: its cover at the largest width, in WebP (every crawler reads it). */
export function shareImage(cover: ArtworkImage): string {
  return artworkFile(cover, 'webp', Math.max(...cover.widths));
}

interface Context {
  locale: Locale;
  /** Absolute address of this page. */
  url: string;
  /** Makes a site path absolute. */
  absolute: (path: string) => string;
  brand: string;
}

function people(list: Person[], locale: Locale): Json[] | undefined {
  if (list.length === 0) return undefined;
  return list.map((person) => ({
    '@type': 'Person',
    name: locale === 'fa' ? person.name : person.en_name,
  }));
}

function textOf(detail: TitleDetail, locale: Locale) {
  return {
    name: locale === 'fa' ? detail.title : detail.en_title,
    alternateName: locale === 'fa' ? detail.en_title : detail.title,
    description: locale === 'fa' ? detail.synopsis : detail.en_synopsis,
  };
}

export function titleStructuredData(detail: TitleDetail, context: Context): JsonLd {
  const { locale, url, absolute } = context;
  const text = textOf(detail, locale);
  const image = absolute(shareImage(detail.cover));
  const base: JsonLd = {
    '@context': 'https://schema.org',
    name: text.name,
    alternateName: text.alternateName !== text.name ? text.alternateName : undefined,
    description: text.description,
    url,
    image,
    inLanguage: locale,
    genre: detail.genre_list.length
      ? detail.genre_list.map((genre) => (locale === 'fa' ? genre.name : genre.en_name))
      : undefined,
    datePublished: detail.release_date ?? undefined,
    contentRating: detail.age_rating ?? undefined,
    countryOfOrigin: detail.country ? { '@type': 'Country', name: detail.country } : undefined,
  };
  const duration = detail.duration_minutes ? isoDuration(detail.duration_minutes) : undefined;
  const credits = {
    director: people(detail.credits.director, locale),
    author: people(detail.credits.writer, locale),
    producer: people(detail.credits.producer, locale),
  };

  switch (detail.kind) {
    case 'film':
      return { ...base, '@type': 'Movie', duration, ...credits };
    case 'series':
      return {
        ...base,
        '@type': 'TVSeries',
        ...credits,
        numberOfSeasons: detail.seasons.length,
        numberOfEpisodes: detail.seasons.reduce((sum, season) => sum + season.episodes.length, 0),
        containsSeason: detail.seasons.map((season) => ({
          '@type': 'TVSeason',
          seasonNumber: season.number,
          name: locale === 'fa' ? season.title : season.en_title,
          numberOfEpisodes: season.episodes.length,
          episode: season.episodes.map((episode) => ({
            '@type': 'TVEpisode',
            episodeNumber: episode.number,
            name: locale === 'fa' ? episode.title : episode.en_title,
          })),
        })),
      };
    case 'music':
      return {
        ...base,
        '@type': 'MusicRecording',
        duration,
        byArtist: people([...detail.credits.director, ...detail.credits.other], locale),
        producer: credits.producer,
      };
    case 'screening':
      return { ...base, ...eventOf(detail, context), ...credits, duration: undefined };
    case 'festival':
      if (detail.starts_at) {
        return {
          ...base,
          ...eventOf(detail, context),
          subEvent: undefined,
          workFeatured: detail.festival_titles.map((title) => ({
            '@type': title.kind === 'series' ? 'TVSeries' : 'CreativeWork',
            name: locale === 'fa' ? title.title : title.en_title,
            url: absolute(title.href),
          })),
        };
      }
      return {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: text.name,
        description: text.description,
        url,
        image,
        numberOfItems: detail.festival_titles.length,
        itemListElement: detail.festival_titles.map((title, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absolute(title.href),
          name: locale === 'fa' ? title.title : title.en_title,
        })),
      };
  }
}

function eventOf(detail: TitleDetail, { url, brand }: Context): JsonLd {
  return {
    '@type': 'Event',
    startDate: detail.starts_at ?? undefined,
    endDate: detail.ends_at ?? undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    organizer: { '@type': 'Organization', name: brand },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no text (a title, a synopsis) can
 * close the element, and empty fields are left out.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
