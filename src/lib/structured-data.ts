import { artworkFile, type ArtworkImage, type Person, type TitleDetail } from '~/shared/catalog';
import { isoDuration } from './catalog';
import type { Currency } from '~/shared/commerce-constants';
import { localPath, type Locale } from './locale';

/**
 * schema.org data (JSON-LD) for every kind of page: a title page is a Movie, TVSeries with its seasons,
 * MusicRecording, an online Event for screenings, and for festivals an Event (when scheduled) or an
 * ItemList of the programme, with its offers and the page's breadcrumbs; the home page names the
 * Organization and the WebSite with its search; other pages are a WebPage of their kind. Pure, so it
 * is unit-tested; pages serialise it with `jsonLdText`.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };
export type JsonLd = { [key: string]: Json | undefined };

/** The share picture of a title: its cover at the largest width, in WebP (every crawler reads it). */
export function shareImage(cover: ArtworkImage): string {
  return artworkFile(cover, 'webp', Math.max(...cover.widths));
}

/** A title's trailer, for its VideoObject (search engines' video results). */
export interface TrailerFacts {
  /** Seconds. */
  duration: number;
  /** When it went up with the title (ISO). */
  uploadDate: string;
  /** The page that plays it, absolute. */
  embedUrl: string;
}

interface Context {
  locale: Locale;
  /** Absolute address of this page. */
  url: string;
  /** Makes a site path absolute. */
  absolute: (path: string) => string;
  brand: string;
}

/** A price as schema.org writes it: in the currency's unit (rials are IRR's; dollars, not cents). */
export function offerPrice(total: number, currency: Currency): string {
  return currency === 'USD' ? (total / 100).toFixed(2) : String(total);
}

/** A title's own price in one currency, VAT included. */
export interface ListPrice {
  currency: Currency;
  total: number;
}

function offersOf(prices: readonly ListPrice[], url: string, onSale: boolean): Json[] | undefined {
  if (prices.length === 0 || !onSale) return undefined;
  return prices.map(({ currency, total }) => ({
    '@type': 'Offer',
    price: offerPrice(total, currency),
    priceCurrency: currency,
    availability: 'https://schema.org/InStock',
    url,
  }));
}

/** The trail from the home page to this page, each step an absolute address. */
export function breadcrumbList(steps: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** Brand (the home page) › this page: every page hangs from the home page of its language. */
function trail(context: Context, name: string): JsonLd {
  return breadcrumbList([
    { name: context.brand, url: context.absolute(localPath('/', context.locale)) },
    { name, url: context.url },
  ]);
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

/**
 * A title's data. Its page (with the breadcrumbs) is the `mainEntityOfPage`, so the page keeps one
 * JSON-LD script whose top is the title itself.
 */
export function titleStructuredData(
  detail: TitleDetail,
  context: Context & { prices?: readonly ListPrice[]; trailer?: TrailerFacts | null },
): JsonLd {
  const described = describeTitle(detail, context);
  const text = textOf(detail, context.locale);
  return {
    ...described,
    mainEntityOfPage: {
      '@type': 'WebPage',
      '@id': context.url,
      url: context.url,
      name: text.name,
      breadcrumb: trail(context, text.name),
    },
  };
}

function videoOf(trailer: TrailerFacts, name: string, description: string, thumbnailUrl: string): JsonLd {
  const seconds = Math.max(1, Math.round(trailer.duration));
  return {
    '@type': 'VideoObject',
    name,
    description,
    thumbnailUrl,
    uploadDate: trailer.uploadDate,
    duration: `PT${Math.floor(seconds / 60) ? `${Math.floor(seconds / 60)}M` : ''}${seconds % 60 ? `${seconds % 60}S` : ''}`,
    embedUrl: trailer.embedUrl,
  };
}

function describeTitle(
  detail: TitleDetail,
  context: Context & { prices?: readonly ListPrice[]; trailer?: TrailerFacts | null },
): JsonLd {
  const { locale, url, absolute } = context;
  const text = textOf(detail, locale);
  const offers = offersOf(
    context.prices ?? [],
    url,
    detail.availability === 'ok' || detail.availability === 'not_yet',
  );
  const image = absolute(shareImage(detail.cover));
  const video = context.trailer ? videoOf(context.trailer, text.name, text.description, image) : undefined;
  /** What every kind says of itself; an Event (a screening, a scheduled festival) has no more. */
  const thing: JsonLd = {
    '@context': 'https://schema.org',
    name: text.name,
    alternateName: text.alternateName !== text.name ? text.alternateName : undefined,
    description: text.description,
    url,
    image,
    inLanguage: locale,
    // Movie and TVSeries have a `trailer`; anything can be the subject of a video.
    subjectOf: detail.kind === 'film' || detail.kind === 'series' ? undefined : video,
  };
  const base: JsonLd = {
    ...thing,
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
      return { ...base, '@type': 'Movie', duration, ...credits, offers, trailer: video };
    case 'series':
      return {
        ...base,
        '@type': 'TVSeries',
        ...credits,
        offers,
        trailer: video,
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
        offers,
      };
    case 'screening':
      // Event has no author or producer: those who wrote and produced it contributed to it.
      return {
        ...thing,
        ...eventOf(detail, context),
        director: credits.director,
        contributor: people([...detail.credits.writer, ...detail.credits.producer], locale),
        offers,
      };
    case 'festival':
      if (detail.starts_at) {
        return {
          ...thing,
          ...eventOf(detail, context),
          offers,
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

interface SiteFacts {
  locale: Locale;
  brand: string;
  absolute: (path: string) => string;
  /** The brand's mark, an absolute or site path. */
  logo: string;
  telephone: string;
  email: string;
}

function organization(site: SiteFacts): JsonLd {
  return {
    '@type': 'Organization',
    '@id': site.absolute('/#organization'),
    name: site.brand,
    url: site.absolute(localPath('/', site.locale)),
    logo: site.absolute(site.logo),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: site.telephone,
      email: site.email,
      availableLanguage: ['fa', 'en'],
    },
  };
}

/** The site and the search it offers (`/search?q=`), which a search engine may show under its result. */
function webSite(site: SiteFacts): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': site.absolute(`${localPath('/', site.locale)}#website`),
    name: site.brand,
    url: site.absolute(localPath('/', site.locale)),
    inLanguage: site.locale,
    publisher: { '@id': site.absolute('/#organization') },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${site.absolute(localPath('/search', site.locale))}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The home page: who runs the site, and the site with its search. */
export function homeStructuredData(site: SiteFacts): JsonLd {
  return { '@context': 'https://schema.org', '@graph': [organization(site), webSite(site)] };
}

export type PageType = 'WebPage' | 'AboutPage' | 'ContactPage' | 'SearchResultsPage' | 'CollectionPage';

/** Any other page: a WebPage of its kind in the site, with the trail from the home page. */
export function pageStructuredData(
  page: { type: PageType; name: string; description: string; url: string },
  site: SiteFacts,
): JsonLd {
  const context: Context = { ...site, url: page.url };
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': page.type,
        '@id': page.url,
        url: page.url,
        name: page.name,
        description: page.description,
        inLanguage: site.locale,
        isPartOf: webSite(site),
        breadcrumb: trail(context, page.name),
      },
      ...(page.type === 'AboutPage' || page.type === 'ContactPage' ? [organization(site)] : []),
    ],
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
