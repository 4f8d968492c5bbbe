import { asc, count, eq, max } from 'drizzle-orm';
import { shopCategories } from '../../shared/shop-constants';
import { kindSegments, titleRoute } from '../../lib/routes';
import { productKinds, type ProductKind } from '../../shared/catalog';
import type { AppContext } from '../context';
import { cafes, products, shopProducts } from '../db/schema';
import type { SitemapChild, SitemapEntry } from './sitemap-xml';

/**
 * Which pages the sitemap lists (issue 16): the site's own pages, given by the caller (it knows the
 * content files and their dates), and every title page, one child sitemap per kind of title, split in
 * parts when a kind outgrows one file; the shop (its categories and goods on sale) and the cafes (issue
 * 24, 17) have a child each. Player, account, payment and filtered search pages carry noindex and are
 * never listed.
 */

/** Titles per child sitemap: each gives one <url> per language, under the protocol's 50,000. */
export const TITLES_PER_SITEMAP = 20_000;

const PAGES_CHILD = 'pages';
const SHOP_CHILD = 'shop';
const CAFES_CHILD = 'cafes';

/** The shop's front, each category that has goods on sale, and the goods themselves. */
async function shopEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const goods = await ctx.database.db
    .select({ id: shopProducts.id, category: shopProducts.category, createdAt: shopProducts.createdAt })
    .from(shopProducts)
    .where(eq(shopProducts.active, true))
    .orderBy(asc(shopProducts.id));
  if (goods.length === 0) return [];
  const newestOf = (rows: typeof goods) => new Date(Math.max(...rows.map((row) => row.createdAt.getTime())));
  const categories = shopCategories.flatMap((category) => {
    const inIt = goods.filter((row) => row.category === category);
    return inIt.length ? [{ route: `/shop?category=${category}`, lastmod: newestOf(inIt) }] : [];
  });
  return [
    { route: '/shop', lastmod: newestOf(goods) },
    ...categories,
    ...goods.map((row) => ({ route: `/shop/${row.id}`, lastmod: row.createdAt })),
  ];
}

/** The cafe finder and every open cafe's page. */
async function cafeEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const rows = await ctx.database.db
    .select({ slug: cafes.slug, createdAt: cafes.createdAt })
    .from(cafes)
    .where(eq(cafes.active, true))
    .orderBy(asc(cafes.id));
  if (rows.length === 0) return [];
  return [
    { route: '/cafes' },
    ...rows.map((row) => ({ route: `/cafes/${row.slug}`, lastmod: row.createdAt })),
  ];
}

function childName(kind: ProductKind, part: number): string {
  return part === 1 ? kindSegments[kind] : `${kindSegments[kind]}-${part}`;
}

/** The kind and part a child's name stands for ('movies-2' → film, 2), or null. */
function parseChildName(name: string): { kind: ProductKind; part: number } | null {
  const match = /^([a-z]+)(?:-([2-9]|[1-9]\d+))?$/.exec(name);
  const kind = productKinds.find((candidate) => kindSegments[candidate] === match?.[1]);
  return kind ? { kind, part: Number(match?.[2] ?? 1) } : null;
}

function newest(entries: readonly SitemapEntry[]): Date | null {
  const times = entries.flatMap((entry) => (entry.lastmod ? [entry.lastmod.getTime()] : []));
  return times.length ? new Date(Math.max(...times)) : null;
}

/** The children the index names, each with the newest lastmod of what it lists. */
export async function sitemapChildren(
  ctx: AppContext,
  pages: readonly SitemapEntry[],
): Promise<SitemapChild[]> {
  const kinds = await ctx.database.db
    .select({ kind: products.kind, titles: count(), newest: max(products.publishedAt) })
    .from(products)
    .groupBy(products.kind);
  const titleChildren = productKinds.flatMap((kind) => {
    const row = kinds.find((candidate) => candidate.kind === kind);
    if (!row) return [];
    const parts = Math.ceil(row.titles / TITLES_PER_SITEMAP);
    return Array.from({ length: parts }, (_, index) => ({
      name: childName(kind, index + 1),
      lastmod: row.newest,
    }));
  });
  const places = [
    { name: SHOP_CHILD, entries: await shopEntries(ctx) },
    { name: CAFES_CHILD, entries: await cafeEntries(ctx) },
  ].flatMap(({ name, entries }) => (entries.length ? [{ name, lastmod: newest(entries) }] : []));
  return [{ name: PAGES_CHILD, lastmod: newest(pages) }, ...titleChildren, ...places];
}

/** What one child lists, or null when there is no such child (the route answers 404). */
export async function sitemapEntries(
  ctx: AppContext,
  name: string,
  pages: readonly SitemapEntry[],
): Promise<SitemapEntry[] | null> {
  if (name === PAGES_CHILD) return [...pages];
  if (name === SHOP_CHILD || name === CAFES_CHILD) {
    const entries = await (name === SHOP_CHILD ? shopEntries(ctx) : cafeEntries(ctx));
    return entries.length ? entries : null;
  }
  const child = parseChildName(name);
  if (!child) return null;
  const rows = await ctx.database.db
    .select({ id: products.id, publishedAt: products.publishedAt })
    .from(products)
    .where(eq(products.kind, child.kind))
    .orderBy(asc(products.id))
    .limit(TITLES_PER_SITEMAP)
    .offset((child.part - 1) * TITLES_PER_SITEMAP);
  if (rows.length === 0) return null;
  return rows.map((row) => ({ route: titleRoute(child.kind, row.id), lastmod: row.publishedAt }));
}
