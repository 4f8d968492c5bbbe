import { t } from '~/i18n';
import { localDigits, toLatinDigits } from './format';
import type { AudioTrack, Opener, ProductKind, SearchFlag } from '~/shared/catalog';
import { searchFlags } from '~/shared/catalog-constants';
import { localPath, type Locale } from './locale';
import { kindSegments } from './routes';

/**
 * Small pure helpers of the catalogue pages (home, title pages, search): the search
 * page's URL in both directions, Solar Hijri years, countdowns. No server code: islands may use them.
 */

/** A title page id from the URL: digits only (an optional `-slug` after them is allowed). */
export function titleIdOf(param: string | undefined): number | null {
  const match = /^(\d{1,9})(?:-[a-z0-9-]*)?$/.exec(toLatinDigits(param ?? ''));
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

// ---------------------------------------------------------------------------------------------------
// Solar Hijri years

const persianYearFormat = new Intl.DateTimeFormat('en-US-u-ca-persian', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
});

function persianPartsOf(date: Date): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(
    persianYearFormat
      .formatToParts(date)
      .filter((part) => part.type === 'year' || part.type === 'month' || part.type === 'day')
      .map((part) => [part.type, Number.parseInt(part.value, 10)]),
  ) as { year: number; month: number; day: number };
  return parts;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** 1 Farvardin of a Solar Hijri year as a Gregorian ISO date (Nowruz falls on 19-22 March). */
export function solarYearStart(year: number): string {
  const gregorian = year + 621;
  for (let day = 19; day <= 23; day += 1) {
    const date = new Date(Date.UTC(gregorian, 2, day));
    const parts = persianPartsOf(date);
    if (parts.year === year && parts.month === 1 && parts.day === 1) return isoDate(date);
  }
  return `${gregorian}-03-21`;
}

/** The last day (29 or 30 Esfand) of a Solar Hijri year as a Gregorian ISO date. */
export function solarYearEnd(year: number): string {
  const next = new Date(`${solarYearStart(year + 1)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return isoDate(next);
}

/** Years a viewer types on the Persian page: below this they are Solar Hijri (1300-1499). */
const solarYears = { min: 1200, max: 1599 };

/**
 * A typed year (any digits) as the search call expects it: a Gregorian year stays as it is, a Solar
 * Hijri year (Persian page only) becomes the first or last day of that year. Anything else: undefined.
 */
export function searchYear(typed: string, edge: 'from' | 'to', locale: Locale): string | undefined {
  const value = toLatinDigits(typed.trim());
  // A full date (from a link, not the form) is taken as it is.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (!/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  if (locale === 'fa' && year >= solarYears.min && year <= solarYears.max) {
    return edge === 'from' ? solarYearStart(year) : solarYearEnd(year);
  }
  return year >= 1800 && year <= 2200 ? value : undefined;
}

/**
 * A release date's year as the page's calendar counts it: Solar Hijri on Persian pages, taken from the
 * day itself (a date before Nowruz belongs to the Solar Hijri year 622 below its Gregorian year, not 621).
 */
export function releaseYear(isoDay: string | null, locale: Locale): string | null {
  if (!isoDay) return null;
  const date = new Date(`${isoDay}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return locale === 'fa' ? localDigits(persianPartsOf(date).year, 'fa') : String(date.getUTCFullYear());
}

// ---------------------------------------------------------------------------------------------------
// The search page's URL

/** The search form's fields exactly as they appear in the URL (what the viewer typed). */
export interface SearchForm {
  q: string;
  /** A product kind (film, series, music, screening, festival) or '' for all. */
  kind: ProductKind | '';
  genre: string;
  category: string;
  from: string;
  to: string;
  /** The yes/no filters that are on (`has_subtitle=1`, `dubbed=1`). */
  flags: SearchFlag[];
  page: number;
}

const clip = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

export function searchFormOf(params: URLSearchParams): SearchForm {
  const page = Number.parseInt(toLatinDigits(params.get('page') ?? ''), 10);
  const kind = params.get('kind') ?? '';
  return {
    q: clip(params.get('q'), 200),
    kind: Object.hasOwn(kindSegments, kind) ? (kind as ProductKind) : '',
    genre: clip(params.get('genre'), 60),
    category: clip(params.get('category'), 60),
    from: clip(params.get('from'), 10),
    to: clip(params.get('to'), 10),
    flags: searchFlags.filter((flag) => params.get(flag) === '1'),
    page: Number.isFinite(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** What searchCatalog takes (the domain's SearchParams): empty fields left out, years converted. */
export function searchParamsOf(form: SearchForm, locale: Locale) {
  return {
    q: form.q || undefined,
    kind: form.kind || undefined,
    genre: form.genre || undefined,
    category: form.category || undefined,
    from: searchYear(form.from, 'from', locale),
    to: searchYear(form.to, 'to', locale),
    flags: form.flags.length > 0 ? form.flags : undefined,
    page: form.page,
  };
}

/** The search page's address for a form (and page), with only the fields that are set. */
export function searchHref(locale: Locale, form: Partial<SearchForm>, page = 1): string {
  const params = new URLSearchParams();
  if (form.q) params.set('q', form.q);
  if (form.kind) params.set('kind', form.kind);
  if (form.genre) params.set('genre', form.genre);
  if (form.category) params.set('category', form.category);
  if (form.from) params.set('from', form.from);
  if (form.to) params.set('to', form.to);
  for (const flag of form.flags ?? []) params.set(flag, '1');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  const path = localPath('/search', locale);
  return query ? `${path}?${query}` : path;
}

// ---------------------------------------------------------------------------------------------------
// Facts of a title page

/** "2 days and 3 hours" until a screening; minutes only in the last hour. */
export function countdownText(milliseconds: number, locale: Locale): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(t(locale, 'catalog.title.days', { n: days }));
  if (hours > 0) parts.push(t(locale, 'catalog.title.hours', { n: hours }));
  if (days === 0 && rest > 0) parts.push(t(locale, 'catalog.title.mins', { n: rest }));
  return parts.join(t(locale, 'catalog.title.and'));
}

/** "G" → all ages, "15" → over 15. */
export function ageRatingText(rating: string, locale: Locale): string {
  const age = Number.parseInt(rating, 10);
  if (Number.isFinite(age)) return t(locale, 'catalog.title.agePlus', { n: age });
  return rating === 'G' ? t(locale, 'catalog.title.ageAll') : rating;
}

const displayNames = new Map<string, Intl.DisplayNames>();
function namesOf(locale: Locale, type: 'region' | 'language'): Intl.DisplayNames {
  const key = `${locale}:${type}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale === 'fa' ? 'fa-IR' : 'en'], { type });
    displayNames.set(key, names);
  }
  return names;
}

/** A country's name in the page's language (IR → ایران / Iran). */
export function countryName(code: string, locale: Locale): string {
  try {
    return namesOf(locale, 'region').of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A language's name in the page's language (en → انگلیسی / English). */
export function languageName(code: string, locale: Locale): string {
  try {
    return namesOf(locale, 'language').of(code) ?? code;
  } catch {
    return code;
  }
}

/** What a card or a title page says of a title's languages (catalog.languages). */
export interface LanguageBadge {
  kind: 'dub' | 'subtitles' | 'original' | 'description';
  text: string;
}

/**
 * The languages a viewer here asks about first (issue 29): a Persian dub («دوبله فارسی»), Persian
 * subtitles («زیرنویس فارسی»), the original language of a title with recorded audio tracks when it is
 * not Persian, and an audio description. Nothing for a title with its own Persian sound only.
 */
export function languageBadges(
  title: { audio_tracks: readonly AudioTrack[]; subtitle_languages: readonly string[] },
  locale: Locale,
): LanguageBadge[] {
  const badges: LanguageBadge[] = [];
  const tracks = title.audio_tracks;
  if (tracks.some((track) => track.lang === 'fa' && track.kind === 'dub')) {
    badges.push({ kind: 'dub', text: t(locale, 'catalog.languages.persianDub') });
  }
  if (title.subtitle_languages.includes('fa')) {
    badges.push({ kind: 'subtitles', text: t(locale, 'catalog.languages.persianSubtitles') });
  }
  const original = tracks.find((track) => track.kind === 'original');
  if (original && original.lang !== 'fa') {
    const language = languageName(original.lang, locale);
    badges.push({ kind: 'original', text: t(locale, 'catalog.languages.original', { language }) });
  }
  if (tracks.some((track) => track.kind === 'description')) {
    badges.push({ kind: 'description', text: t(locale, 'catalog.languages.description') });
  }
  return badges;
}

/** "English (original), Persian (dub)": a title page's audio fact. */
export function audioTracksText(tracks: readonly AudioTrack[], locale: Locale): string {
  return tracks
    .map((track) =>
      t(locale, `catalog.languages.track.${track.kind}`, { language: languageName(track.lang, locale) }),
    )
    .join(locale === 'fa' ? '، ' : ', ');
}

/** ISO 8601 duration for structured data (95 → PT1H35M). */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** What a title page or card says opens a title (catalog.title.access.<key>). */
export type AccessLabel = Opener | 'purchaseOnly' | 'none';

/**
 * The labels of what opens a title (its card's `opens_with`, the player's rules): a purchase that is
 * the only way says so, and a title nothing opens says it is not on sale.
 */
export function accessLabels(opens: readonly Opener[]): AccessLabel[] {
  if (opens.length === 0) return ['none'];
  if (opens.length === 1 && opens[0] === 'purchase') return ['purchaseOnly'];
  return [...opens];
}

/**
 * What the button that sells a title says (a key of commerce.buy), on its page and in the player's
 * offer: a screening's ticket, a festival's pass, and for anything else "Buy or subscribe", or only "Buy"
 * where no plan holds the title, so that the button never promises a subscription that would not open it.
 */
export function buyLabelKey(kind: ProductKind, opens: readonly Opener[]): string {
  if (kind === 'screening') return 'commerce.buy.screening';
  if (kind === 'festival') return 'commerce.buy.festival';
  return opens.includes('subscription') ? 'commerce.buy.title' : 'commerce.buy.purchase';
}
