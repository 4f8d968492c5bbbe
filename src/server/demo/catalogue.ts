import type { DbTransaction } from '../db/client';
import {
  credits,
  episodes,
  festivalTitles,
  genres,
  people,
  productGenres,
  products,
  seasons,
  type CreditRole,
} from '../db/schema';
import type { SeedStep } from './step';
import { DEMO_GENRES, DEMO_PEOPLE, DEMO_TITLES, type DemoTitle, type PersonKey } from './catalogue-data';
import { searchTextOf } from '../catalog/search-text';

const HOUR = 3_600_000;

/** Persian digits for episode names ("قسمت ۳"). */
function persianNumber(value: number): string {
  return value.toLocaleString('fa-IR', { useGrouping: false });
}

function creditList(title: DemoTitle): { role: CreditRole; person: PersonKey; position: number }[] {
  return Object.entries(title.credits).flatMap(([role, keys]) =>
    (keys ?? []).map((person, position) => ({ role: role as CreditRole, person, position })),
  );
}

async function insertTitles(tx: DbTransaction, now: Date) {
  const genreIds = new Map<string, number>();
  for (const row of await tx
    .insert(genres)
    .values(DEMO_GENRES.map(([slug, nameFa, nameEn]) => ({ slug, nameFa, nameEn })))
    .returning()) {
    genreIds.set(row.slug, row.id);
  }
  const personIds = new Map<string, number>();
  const personEntries = Object.entries(DEMO_PEOPLE);
  const personRows = await tx
    .insert(people)
    .values(personEntries.map(([, [nameFa, nameEn]]) => ({ nameFa, nameEn })))
    .returning({ id: people.id });
  personEntries.forEach(([key], index) => personIds.set(key, personRows[index]!.id));

  // Newer releases are published later, so "newest" follows release dates; screenings are newest.
  const byRelease = [...DEMO_TITLES].sort((a, b) =>
    (b.released ?? '9999').localeCompare(a.released ?? '9999'),
  );
  const genreName = new Map(DEMO_GENRES.map(([slug, fa, en]) => [slug, `${fa} ${en}`]));
  const productIds = new Map<string, number>();
  const rows = await tx
    .insert(products)
    .values(
      byRelease.map((title, index) => {
        const startsAt =
          title.startsInHours === undefined ? null : new Date(now.getTime() + title.startsInHours * HOUR);
        const endsAt = startsAt && new Date(startsAt.getTime() + (title.lastsHours ?? 2) * HOUR);
        const names = creditList(title).flatMap(({ person }) => DEMO_PEOPLE[person]);
        return {
          slug: title.slug,
          kind: title.kind,
          titleFa: title.fa,
          titleEn: title.en,
          synopsisFa: title.synopsisFa,
          synopsisEn: title.synopsisEn,
          category: title.category,
          releaseDate: title.released ?? startsAt?.toISOString().slice(0, 10) ?? null,
          durationMinutes: title.minutes ?? null,
          country: title.country ?? null,
          ageRating: title.age ?? null,
          subtitleLanguages: title.subtitles ?? [],
          audioTracks: title.audio ?? [],
          regions: title.regions ?? [],
          artwork: title.slug,
          isFree: title.free ?? false,
          availableFrom: title.availableInDays
            ? new Date(now.getTime() + title.availableInDays * 24 * HOUR)
            : null,
          startsAt,
          endsAt,
          searchText: searchTextOf(
            title,
            names,
            title.genres.map((slug) => genreName.get(slug) ?? slug),
          ),
          publishedAt: new Date(now.getTime() - index * HOUR),
        };
      }),
    )
    .returning({ id: products.id, slug: products.slug });
  for (const row of rows) productIds.set(row.slug, row.id);
  return { genreIds, personIds, productIds };
}

/** The bilingual demo catalogue (DEMO_TITLES) with genres, credits, seasons and festival programmes. */
export const demoCatalogueStep: SeedStep = {
  name: 'demo-catalogue',
  async run(tx, now) {
    const { genreIds, personIds, productIds } = await insertTitles(tx, now);
    const id = (slug: string) => {
      const found = productIds.get(slug);
      if (found === undefined) throw new Error(`demo catalogue: unknown title ${slug}`);
      return found;
    };
    await tx
      .insert(productGenres)
      .values(
        DEMO_TITLES.flatMap((title) =>
          title.genres.map((slug) => ({ productId: id(title.slug), genreId: genreIds.get(slug)! })),
        ),
      );
    await tx.insert(credits).values(
      DEMO_TITLES.flatMap((title) =>
        creditList(title).map(({ role, person, position }) => ({
          productId: id(title.slug),
          personId: personIds.get(person)!,
          role,
          position,
        })),
      ),
    );
    await tx.insert(festivalTitles).values(
      DEMO_TITLES.flatMap((festival) =>
        (festival.programme ?? []).map((slug, position) => ({
          festivalId: id(festival.slug),
          productId: id(slug),
          position,
        })),
      ),
    );
    for (const series of DEMO_TITLES.filter((title) => title.seasons)) {
      const seasonRows = await tx
        .insert(seasons)
        .values(
          series.seasons!.map((_, index) => ({
            productId: id(series.slug),
            number: index + 1,
            titleFa: `فصل ${persianNumber(index + 1)}`,
            titleEn: `Season ${index + 1}`,
          })),
        )
        .returning({ id: seasons.id, number: seasons.number });
      await tx.insert(episodes).values(
        seasonRows.flatMap((season) =>
          Array.from({ length: series.seasons![season.number - 1]! }, (_, index) => ({
            seasonId: season.id,
            number: index + 1,
            titleFa: `قسمت ${persianNumber(index + 1)}`,
            titleEn: `Episode ${index + 1}`,
            synopsisFa: `${series.fa}، فصل ${persianNumber(season.number)}، قسمت ${persianNumber(index + 1)}.`,
            synopsisEn: `${series.en}, season ${season.number}, episode ${index + 1}.`,
            durationMinutes: series.minutes ?? null,
          })),
        ),
      );
    }
  },
};
