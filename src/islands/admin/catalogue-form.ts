import { toLatinDigits } from '~/lib/format';
import type { ProductKind } from '~/shared/catalog-constants';
import type { StaffTitle } from '~/shared/staff-catalogue';

/**
 * The title form's state as the controls hold it (text), and the conversions to and from the staff
 * API's title (src/shared/staff-catalogue.ts). Pure, so it is unit-tested without a browser.
 */

export interface CreditRow {
  role: string;
  name: string;
  en_name: string;
}

export interface EpisodeRow {
  id?: number;
  number: string;
  title: string;
  en_title: string;
  /** Kept as they were: the form does not edit an episode's synopsis. */
  synopsis: string;
  en_synopsis: string;
  duration_minutes: string;
  asset?: string | null;
}

export interface SeasonRow {
  id?: number;
  number: string;
  title: string;
  en_title: string;
  episodes: EpisodeRow[];
}

export interface TitleForm {
  kind: ProductKind;
  slug: string;
  title: string;
  en_title: string;
  synopsis: string;
  en_synopsis: string;
  category: string;
  release_date: string;
  duration_minutes: string;
  country: string;
  age_rating: string;
  subtitle_languages: string[];
  /** Country codes separated by commas or spaces. */
  regions: string;
  is_free: boolean;
  available_from: string;
  available_until: string;
  starts_at: string;
  ends_at: string;
  genres: string[];
  credits: CreditRow[];
  seasons: SeasonRow[];
  /** Title ids separated by commas or spaces. */
  programme: string;
  in_subscription: boolean;
  purchasable: boolean;
  /** Rials. */
  price_irr: string;
  /** Dollars with cents ("2.99"). */
  price_usd: string;
}

const defaultCategory: Record<ProductKind, string> = {
  film: 'feature',
  series: 'tv-series',
  music: 'album',
  screening: 'online-screening',
  festival: 'festival',
};

export function emptyForm(kind: ProductKind): TitleForm {
  return {
    kind,
    slug: '',
    title: '',
    en_title: '',
    synopsis: '',
    en_synopsis: '',
    category: defaultCategory[kind],
    release_date: '',
    duration_minutes: '',
    country: '',
    age_rating: '',
    subtitle_languages: [],
    regions: '',
    is_free: false,
    available_from: '',
    available_until: '',
    starts_at: '',
    ends_at: '',
    genres: [],
    credits: [],
    seasons: [],
    programme: '',
    in_subscription: true,
    purchasable: true,
    price_irr: '',
    price_usd: '',
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local control shows it: the browser's own time zone, to the minute. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an ISO instant; blank is null. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** Cents as the dollars field shows them: 299 → "2.99". */
export function dollarsOf(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/**
 * Text to a number for the API; a blank field is null, and text that is no number is sent as it is, so
 * the server names the field in the viewer's language.
 */
export function numberOf(value: string, scale = 1): number | string | null {
  const text = value.trim();
  if (!text) return null;
  // Typed in any digits, with a Persian decimal separator (۲٫۹۹) or a point.
  const parsed = Number(toLatinDigits(text).replace('٫', '.'));
  return Number.isFinite(parsed) ? Math.round(parsed * scale) : text;
}

const listOf = (value: string) =>
  value
    .split(/[\s,،]+/)
    .map((part) => part.trim())
    .filter(Boolean);

export function formOf(title: StaffTitle): TitleForm {
  return {
    kind: title.kind,
    slug: title.slug,
    title: title.title,
    en_title: title.en_title,
    synopsis: title.synopsis,
    en_synopsis: title.en_synopsis,
    category: title.category,
    release_date: title.release_date ?? '',
    duration_minutes: title.duration_minutes === null ? '' : String(title.duration_minutes),
    country: title.country ?? '',
    age_rating: title.age_rating ?? '',
    subtitle_languages: [...title.subtitle_languages],
    regions: title.regions.join(', '),
    is_free: title.is_free,
    available_from: toLocalInput(title.available_from),
    available_until: toLocalInput(title.available_until),
    starts_at: toLocalInput(title.starts_at),
    ends_at: toLocalInput(title.ends_at),
    genres: [...title.genres],
    credits: title.credits.map((credit) => ({ ...credit })),
    seasons: title.seasons.map((season) => ({
      id: season.id,
      number: String(season.number),
      title: season.title,
      en_title: season.en_title,
      episodes: season.episodes.map((episode) => ({
        id: episode.id,
        number: String(episode.number),
        title: episode.title,
        en_title: episode.en_title,
        synopsis: episode.synopsis,
        en_synopsis: episode.en_synopsis,
        duration_minutes: episode.duration_minutes === null ? '' : String(episode.duration_minutes),
        asset: episode.asset,
      })),
    })),
    programme: title.programme.join(', '),
    in_subscription: title.sale.in_subscription,
    purchasable: title.sale.purchasable,
    price_irr: title.sale.price_irr === null ? '' : String(title.sale.price_irr),
    price_usd: dollarsOf(title.sale.price_usd),
  };
}

/** The body of POST/PUT /staff/catalogue/titles; the server checks every field. */
export function inputOf(form: TitleForm) {
  const isSeries = form.kind === 'series';
  return {
    kind: form.kind,
    slug: form.slug,
    title: form.title,
    en_title: form.en_title,
    synopsis: form.synopsis,
    en_synopsis: form.en_synopsis,
    category: form.category,
    release_date: form.release_date || null,
    duration_minutes: numberOf(form.duration_minutes),
    country: form.country.trim() || null,
    age_rating: form.age_rating || null,
    subtitle_languages: form.subtitle_languages,
    regions: listOf(form.regions),
    is_free: form.is_free,
    available_from: fromLocalInput(form.available_from),
    available_until: fromLocalInput(form.available_until),
    starts_at: form.kind === 'screening' ? fromLocalInput(form.starts_at) : null,
    ends_at: form.kind === 'screening' ? fromLocalInput(form.ends_at) : null,
    genres: form.genres,
    credits: form.credits.filter((credit) => credit.name.trim() || credit.en_name.trim()),
    seasons: isSeries
      ? form.seasons.map((season) => ({
          number: numberOf(season.number),
          title: season.title,
          en_title: season.en_title,
          episodes: season.episodes.map((episode) => ({
            number: numberOf(episode.number),
            title: episode.title,
            en_title: episode.en_title,
            synopsis: episode.synopsis,
            en_synopsis: episode.en_synopsis,
            duration_minutes: numberOf(episode.duration_minutes),
          })),
        }))
      : [],
    programme: form.kind === 'festival' ? listOf(form.programme).map((id) => numberOf(id)) : [],
    sale: {
      in_subscription: form.in_subscription,
      purchasable: form.purchasable,
      price_irr: numberOf(form.price_irr),
      price_usd: numberOf(form.price_usd, 100),
    },
  };
}

/** One piece of a field's name as the error summary says it: a string key under adminCatalogue. */
export interface LabelPart {
  key: string;
  number?: number;
}

const fieldKeys: Record<string, string> = {
  kind: 'fields.kind',
  slug: 'fields.slug',
  title: 'fields.title',
  en_title: 'fields.enTitle',
  synopsis: 'fields.synopsis',
  en_synopsis: 'fields.enSynopsis',
  category: 'fields.category',
  release_date: 'fields.releaseDate',
  duration_minutes: 'fields.duration',
  country: 'fields.country',
  age_rating: 'fields.ageRating',
  subtitle_languages: 'fields.subtitles',
  regions: 'fields.regions',
  is_free: 'fields.isFree',
  available_from: 'fields.availableFrom',
  available_until: 'fields.availableUntil',
  starts_at: 'fields.startsAt',
  ends_at: 'fields.endsAt',
  genres: 'fields.genres',
  programme: 'fields.programme',
  in_subscription: 'fields.inSubscription',
  purchasable: 'fields.purchasable',
  price_irr: 'fields.priceIrr',
  price_usd: 'fields.priceUsd',
  role: 'fields.role',
  name: 'fields.personFa',
  en_name: 'fields.personEn',
  number: 'fields.number',
  credits: 'groups.credits',
  seasons: 'groups.seasons',
  episodes: 'fields.episodes',
};
const numbered: Record<string, string> = {
  credits: 'creditNumber',
  seasons: 'seasonNumber',
  episodes: 'episodeNumber',
};

/**
 * The name a reader understands for an API field path: `seasons.0.episodes.1.en_title` is "Season 1 ›
 * Episode 2 › English title", `sale.price_usd` is "Price in dollars", `regions.3` is "Shown only in".
 */
export function fieldLabelParts(path: string): LabelPart[] {
  const parts = path.split('.').filter((part) => part !== '' && part !== 'sale');
  const label: LabelPart[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const index = parts[i + 1];
    if (numbered[part] && index !== undefined && /^\d+$/.test(index)) {
      label.push({ key: numbered[part], number: Number(index) + 1 });
      i++;
    } else if (!/^\d+$/.test(part)) {
      label.push({ key: fieldKeys[part] ?? part });
    }
  }
  return label;
}
