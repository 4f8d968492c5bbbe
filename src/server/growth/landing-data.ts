import { inArray } from 'drizzle-orm';
import type { Landing } from '../../lib/landing-schema';
import type { Locale } from '../../lib/locale';
import { titlePath } from '../../lib/routes';
import type { ArtworkImage, ProductCard, ProductKind } from '../../shared/catalog';
import { artworkImage } from '../core/artwork';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import { products, subscriptionPackages } from '../db/schema';
import { log } from '../core/log';

/**
 * What a landing's blocks name by slug, looked up in the catalogue: titles (cards, covers, schedule and
 * page), subscription packages. A slug the catalogue lacks resolves to nothing and its block leaves it
 * out (logged, so marketing learns of a typo without the page failing).
 */
export interface LandingTitle {
  href: string;
  name: string;
  kind: ProductKind;
  cover: ArtworkImage;
  startsAt: Date | null;
}

export interface LandingData {
  titles: Map<string, LandingTitle>;
  cards: Map<string, ProductCard>;
  packages: Map<string, { name: string; months: number }>;
}

/** The title and package slugs a landing names, each once (the page and the console preview use it). */
export function slugsOf(landing: Landing): { titles: string[]; packages: string[] } {
  const titles = new Set<string>();
  const packages = new Set<string>();
  for (const block of landing.blocks) {
    if (block.type === 'hero' && block.artwork) titles.add(block.artwork);
    if (block.type === 'titles') block.titles.forEach((slug) => titles.add(slug));
    if (block.type === 'countdown') titles.add(block.screening);
    if (block.type === 'offer') block.packages.forEach((slug) => packages.add(slug));
    const action = block.type === 'hero' || block.type === 'cta' ? block.action : undefined;
    if (action && 'title' in action) titles.add(action.title);
  }
  return { titles: [...titles], packages: [...packages] };
}

export async function landingData(ctx: AppContext, landing: Landing, locale: Locale): Promise<LandingData> {
  const { db } = ctx.database;
  const wanted = slugsOf(landing);
  const rows = wanted.titles.length
    ? await db.select().from(products).where(inArray(products.slug, wanted.titles))
    : [];
  const packageRows = wanted.packages.length
    ? await db.select().from(subscriptionPackages).where(inArray(subscriptionPackages.slug, wanted.packages))
    : [];
  const cards = await getProductCards(
    ctx,
    rows.map((row) => row.id),
    locale,
  );
  const missing = [
    ...wanted.titles.filter((slug) => !rows.some((row) => row.slug === slug)),
    ...wanted.packages.filter((slug) => !packageRows.some((row) => row.slug === slug)),
  ];
  if (missing.length) {
    log.warn(
      { campaign: landing.campaign, missing },
      `landing ${landing.campaign}: nothing named ${missing.join(', ')}`,
    );
  }
  return {
    titles: new Map(
      rows.map((row) => [
        row.slug,
        {
          href: titlePath(row.kind, row.id, locale),
          name: locale === 'fa' ? row.titleFa : row.titleEn,
          kind: row.kind,
          cover: artworkImage(row.artwork, 'cover'),
          startsAt: row.startsAt,
        },
      ]),
    ),
    cards: new Map(cards.map((card) => [card.slug, card])),
    packages: new Map(
      packageRows.map((row) => [
        row.slug,
        { name: locale === 'fa' ? row.titleFa : row.titleEn, months: row.months },
      ]),
    ),
  };
}
