import { z } from 'zod';
import {
  audioKinds,
  openers,
  productKinds,
  searchFlags,
  type ProductKind,
  type SearchFlag,
} from './catalog-constants';
import { customIssue } from './validation';

/**
 * The catalogue as pages and clients see it (types and schemas only, safe for the browser). Bilingual
 * texts come as `x` (Persian) and `en_x`; `href` and genre names follow the locale asked for.
 */

export {
  audioKinds,
  openers,
  productKinds,
  type AudioKind,
  type AudioTrack,
  type Opener,
  type ProductKind,
  searchFlags,
  type SearchFlag,
} from './catalog-constants';
export const productKindSchema = z.enum(productKinds);

export const audioTrackSchema = z
  .object({
    /** ISO 639 code, as HLS's LANGUAGE (fa, en, fr, ...). */
    lang: z.string().regex(/^[a-z]{2,3}$/),
    kind: z.enum(audioKinds),
  })
  .meta({ id: 'AudioTrack' });

/**
 * One artwork in two modern formats and several widths, told by its files' common stem rather than by
 * every URL (a home row sends dozens): the files are `{base}-{width}.avif` and `{base}-{width}.webp`.
 */
export const artworkImageSchema = z
  .object({
    base: z.string(),
    /** Widths there are files for, smallest first. */
    widths: z.array(z.number().int()).min(1),
    /** Intrinsic size of the smallest file, for the <img> width and height attributes. */
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ArtworkImage' });
export type ArtworkImage = z.infer<typeof artworkImageSchema>;
export type ArtworkFormat = 'avif' | 'webp';

/** One file of an artwork; the smallest width unless another is asked for. */
export function artworkFile(image: ArtworkImage, format: ArtworkFormat, width = image.widths[0]): string {
  return `${image.base}-${width}.${format}`;
}

/** The `srcset` of an artwork in one format (every width). */
export function artworkSrcset(image: ArtworkImage, format: ArtworkFormat): string {
  return image.widths.map((width) => `${artworkFile(image, format, width)} ${width}w`).join(', ');
}

export const productCardSchema = z
  .object({
    id: z.number().int(),
    kind: productKindSchema,
    slug: z.string(),
    title: z.string(),
    en_title: z.string(),
    /** Gregorian year of release. */
    year: z.number().int().nullable(),
    /** ISO day of release: pages show the year of the reader's calendar (Solar Hijri in Persian). */
    release_date: z.string().nullable(),
    poster: artworkImageSchema,
    /** The title page in the locale asked for (`/movies/12`, `/en/movies/12`). */
    href: z.string(),
    /** Genre names in the locale asked for. */
    genres: z.array(z.string()),
    is_free: z.boolean(),
    /** Its audio tracks (original, dubs, description); empty: its own sound only, not recorded. */
    audio_tracks: z.array(audioTrackSchema),
    /** ISO 639-1 codes; empty: no subtitles. */
    subtitle_languages: z.array(z.string()),
    /**
     * What opens it, by the player's own rules, in this order: `free`, `subscription`, `purchase` (the
     * title alone), `festival` (a festival's pass), `ticket` (a screening's). Empty: sold by no plan.
     */
    opens_with: z.array(z.enum(openers)),
  })
  .meta({ id: 'ProductCard' });
export type ProductCard = z.infer<typeof productCardSchema>;

export const slideItemSchema = z
  .object({
    id: z.number().int(),
    kind: productKindSchema,
    title: z.string(),
    en_title: z.string(),
    /** Marketing's line from src/content/home/slider.json, or the synopsis. */
    tagline: z.string(),
    en_tagline: z.string(),
    cover: artworkImageSchema,
    href: z.string(),
  })
  .meta({ id: 'SlideItem' });
export type SlideItem = z.infer<typeof slideItemSchema>;

export const widgetKindSchema = z.enum(['newest', 'genre', 'festivals', 'screenings', 'curated']);
export type WidgetKind = z.infer<typeof widgetKindSchema>;

export const widgetSchema = z
  .object({
    /** Stable id for GET /widgetV4/{id}: `newest`, `genre-drama`, `festivals`, `screenings`, `curated-…`. */
    id: z.string(),
    title: z.string(),
    en_title: z.string(),
    kind: widgetKindSchema,
    items: z.array(productCardSchema),
    has_more: z.boolean(),
  })
  .meta({ id: 'Widget' });
export type Widget = z.infer<typeof widgetSchema>;

export const widgetPageSchema = z
  .object({ items: z.array(productCardSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'WidgetPage' });
export type WidgetPage = z.infer<typeof widgetPageSchema>;

export const personSchema = z
  .object({ id: z.number().int(), name: z.string(), en_name: z.string() })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const episodeSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  en_title: z.string(),
  synopsis: z.string(),
  en_synopsis: z.string(),
  duration_minutes: z.number().int().nullable(),
  /** The episode's own audio tracks, as a title's. */
  audio_tracks: z.array(audioTrackSchema),
});
export type Episode = z.infer<typeof episodeSchema>;

export const seasonSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  en_title: z.string(),
  episodes: z.array(episodeSchema),
});
export type Season = z.infer<typeof seasonSchema>;

/** Why a title cannot be watched here and now, or 'ok'. */
export const availabilitySchema = z.enum(['ok', 'region', 'not_yet', 'ended']);
export type Availability = z.infer<typeof availabilitySchema>;

export const facetSchema = z.object({ slug: z.string(), name: z.string(), en_name: z.string() });
export type Facet = z.infer<typeof facetSchema>;

export const titleDetailSchema = productCardSchema
  .extend({
    synopsis: z.string(),
    en_synopsis: z.string(),
    cover: artworkImageSchema,
    category: facetSchema,
    genre_list: z.array(facetSchema),
    duration_minutes: z.number().int().nullable(),
    /** ISO 3166-1 alpha-2 of the production country. */
    country: z.string().nullable(),
    age_rating: z.string().nullable(),
    /** Countries where it may be shown; empty: everywhere. */
    regions: z.array(z.string()),
    available_from: z.string().nullable(),
    available_until: z.string().nullable(),
    /** Screenings only (ISO timestamps); `live` is null for other kinds. */
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    live: z.enum(['upcoming', 'live', 'ended']).nullable(),
    credits: z.object({
      director: z.array(personSchema),
      writer: z.array(personSchema),
      producer: z.array(personSchema),
      other: z.array(personSchema),
    }),
    seasons: z.array(seasonSchema),
    festival_titles: z.array(productCardSchema),
    related: z.array(productCardSchema),
    availability: availabilitySchema,
  })
  .meta({ id: 'TitleDetail' });
export type TitleDetail = z.infer<typeof titleDetailSchema>;

/** A Gregorian year (`2011`) or an ISO date (`2011-02-09`) that exists: no year 0, no 31 February. */
const yearOrDateSchema = z
  .string()
  .regex(/^\d{4}(-\d{2}-\d{2})?$/)
  .refine((value) => {
    const date = new Date(`${value.length === 4 ? `${value}-01-01` : value}T00:00:00Z`);
    return value >= '0001' && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, customIssue('invalid_format'));

const searchFlagSchema = z.enum(['0', '1']).optional();
const searchFlagShape = Object.fromEntries(searchFlags.map((flag) => [flag, searchFlagSchema])) as Record<
  SearchFlag,
  typeof searchFlagSchema
>;

/** Search parameters as in the page URL: `/search?q&kind&genre&category&from&to&has_subtitle=1&dubbed=1&page`. */
export const searchQuerySchema = z.object({
  q: z.string().max(200).optional(),
  kind: productKindSchema.optional(),
  genre: z.string().max(60).optional(),
  category: z.string().max(60).optional(),
  /** A Gregorian year (`2011`) or an ISO date (`2011-02-09`); inclusive. */
  from: yearOrDateSchema.optional(),
  to: yearOrDateSchema.optional(),
  ...searchFlagShape,
  page: z.coerce.number().int().min(1).max(1000).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export interface SearchParams {
  q?: string | undefined;
  kind?: ProductKind | undefined;
  genre?: string | undefined;
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The yes/no filters that are on. */
  flags?: SearchFlag[] | undefined;
  page?: number | undefined;
}

/** The API's search query as the search takes it: the yes/no filters set to 1 become `flags`. */
export function searchParamsOfQuery(query: SearchQuery): SearchParams {
  const { q, kind, genre, category, from, to, page } = query;
  return {
    q,
    kind,
    genre,
    category,
    from,
    to,
    page,
    flags: searchFlags.filter((flag) => query[flag] === '1'),
  };
}

export const searchResultSchema = z
  .object({
    items: z.array(productCardSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /search/suggest: what the viewer has typed so far in the search box. */
export const suggestQuerySchema = z.object({
  q: z.string().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(10).default(8),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

export const suggestionKinds = ['title', 'person', 'genre'] as const;

export const suggestionSchema = z
  .object({
    kind: z.enum(suggestionKinds),
    /** In the language asked for. */
    name: z.string(),
    /** In the other language (shown smaller: a viewer may know a title by either). */
    other_name: z.string(),
    /** A title's kind and Gregorian year; null for people and genres. */
    title_kind: productKindSchema.nullable(),
    year: z.number().int().nullable(),
    /** A title's page; for a person or a genre, the full search filtered by it. */
    href: z.string(),
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionsSchema = z.object({ items: z.array(suggestionSchema) }).meta({ id: 'Suggestions' });
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const facetsSchema = z
  .object({ genres: z.array(facetSchema), categories: z.array(facetSchema) })
  .meta({ id: 'Facets' });
export type Facets = z.infer<typeof facetsSchema>;

export const SEARCH_PAGE_SIZE = 24;
/** Cards per home row page: what a phone shows in two swipes; the row's "more" link lists the rest. */
export const WIDGET_PAGE_SIZE = 8;
