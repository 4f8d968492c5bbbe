import { asc } from 'drizzle-orm';
import { localPath, type Locale } from '../../lib/locale';
import { titlePath } from '../../lib/routes';
import type { ProductKind, Suggestion, Suggestions } from '../../shared/catalog';
import { ratingAllowed, type AgeRating } from '../../shared/kids';
import type { AppContext } from '../context';
import { genres, people, products } from '../db/schema';
import { romanizePersian } from '../core/transliterate';
import { cached } from './cache';
import { normalizeSearchText } from './normalize';

/**
 * Suggestions while a viewer types in the search box (issue 25): titles, people and genres whose names
 * hold every word typed, after the full search's own normalisation (normalize.ts), so «كيارستمي» with
 * Arabic letters, «کیارستمی» and "kiarostami" find the same person, as they find the same titles in the
 * full search. The names live in a small in-memory index built with one query per table and kept in
 * the catalogue cache, so it is rebuilt after every catalogue change (and at least once a minute);
 * a suggestion is then a scan of a few hundred short strings, well under a millisecond.
 */

interface Entry {
  kind: Suggestion['kind'];
  fa: string;
  en: string;
  /** Normalised names to match: both languages, the Persian one also without spaces and romanised. */
  keys: string;
  /** Normalised names to rank a prefix match first. */
  names: string[];
  titleKind?: ProductKind;
  id?: number;
  slug?: string;
  year?: number | null;
  /** A title's age rating: a kids profile is offered only titles at or under its limit. */
  rating?: string | null;
}

/** Kinds in the order a list shows them when they match equally well. */
const kindRank: Record<Suggestion['kind'], number> = { title: 0, person: 1, genre: 2 };

function entryOf(base: Omit<Entry, 'keys' | 'names'>): Entry {
  const fa = normalizeSearchText(base.fa);
  const en = normalizeSearchText(base.en);
  // The romanised Persian name helps where a title's English name is a translation, not a spelling
  // ("A Separation" for «جدایی»): "jodayi" still reaches it. Same normalisation as the rest.
  const latin = normalizeSearchText(romanizePersian(base.fa));
  return {
    ...base,
    keys: [fa, fa.replace(/ /g, ''), en, latin].join(' | '),
    names: [fa, en, latin],
  };
}

function buildIndex(ctx: AppContext): Promise<Entry[]> {
  return cached(ctx, 'suggest-index', async () => {
    const db = ctx.database.db;
    const [titleRows, personRows, genreRows] = await Promise.all([
      db
        .select({
          id: products.id,
          kind: products.kind,
          slug: products.slug,
          fa: products.titleFa,
          en: products.titleEn,
          releaseDate: products.releaseDate,
          rating: products.ageRating,
        })
        .from(products)
        .orderBy(asc(products.id)),
      db.select({ fa: people.nameFa, en: people.nameEn }).from(people).orderBy(asc(people.id)),
      db
        .select({ slug: genres.slug, fa: genres.nameFa, en: genres.nameEn })
        .from(genres)
        .orderBy(asc(genres.id)),
    ]);
    return [
      ...titleRows.map((row) =>
        entryOf({
          kind: 'title',
          fa: row.fa,
          en: row.en,
          titleKind: row.kind,
          id: row.id,
          year: row.releaseDate ? Number(String(row.releaseDate).slice(0, 4)) : null,
          rating: row.rating,
        }),
      ),
      ...personRows.map((row) => entryOf({ kind: 'person', fa: row.fa, en: row.en })),
      ...genreRows.map((row) => entryOf({ kind: 'genre', fa: row.fa, en: row.en, slug: row.slug })),
    ];
  });
}

/** 0: a name starts with the words typed; 1: a word of a name does; 2: they are only inside. */
function rankOf(entry: Entry, query: string): number {
  if (entry.names.some((name) => name.startsWith(query))) return 0;
  if (entry.names.some((name) => name.split(' ').some((word) => word.startsWith(query)))) return 1;
  return 2;
}

function suggestionOf(entry: Entry, locale: Locale): Suggestion {
  const name = locale === 'fa' ? entry.fa : entry.en;
  const other = locale === 'fa' ? entry.en : entry.fa;
  switch (entry.kind) {
    case 'title':
      return {
        kind: 'title',
        name,
        other_name: other,
        title_kind: entry.titleKind!,
        year: entry.year ?? null,
        href: titlePath(entry.titleKind!, entry.id!, locale),
      };
    case 'person':
      // The full search finds a person's titles by the name, as it would typed.
      return {
        kind: 'person',
        name,
        other_name: other,
        title_kind: null,
        year: null,
        href: localPath(`/search?q=${encodeURIComponent(name)}`, locale),
      };
    case 'genre':
      return {
        kind: 'genre',
        name,
        other_name: other,
        title_kind: null,
        year: null,
        href: localPath(`/search?genre=${encodeURIComponent(entry.slug!)}`, locale),
      };
  }
}

/** At most `limit` suggestions for what was typed; nothing for a query without letters or digits. */
export async function suggest(
  ctx: AppContext,
  q: string,
  limit: number,
  locale: Locale,
  age: AgeRating | null = null,
): Promise<Suggestions> {
  const query = normalizeSearchText(q);
  if (!query) return { items: [] };
  const words = query.split(' ');
  const index = await buildIndex(ctx);
  const found: { entry: Entry; rank: number; at: number }[] = [];
  index.forEach((entry, at) => {
    if (entry.kind === 'title' && !ratingAllowed(age, entry.rating ?? null)) return;
    if (words.every((word) => entry.keys.includes(word)))
      found.push({ entry, rank: rankOf(entry, query), at });
  });
  found.sort((a, b) => a.rank - b.rank || kindRank[a.entry.kind] - kindRank[b.entry.kind] || a.at - b.at);
  return { items: found.slice(0, limit).map(({ entry }) => suggestionOf(entry, locale)) };
}
