import { getCollection } from 'astro:content';
import { contentSlugs } from '~/lib/content';

/**
 * The site's own pages a search engine should keep (fixed pages, content pages, campaign landings), with
 * the date their words last changed where the content file says it (`updated`). Titles come from the database (src/server/growth/sitemap.ts);
 * account, player, payment and filtered search pages carry noindex and are left out.
 */
const fixedRoutes = ['/', '/search', '/subscribe', '/gift', '/contact'];

export async function indexablePages(): Promise<{ route: string; lastmod?: Date }[]> {
  const updated = new Map<string, number>();
  for (const entry of await getCollection('pages')) {
    const slug = entry.id.split('/')[1] ?? '';
    const time = entry.data.updated?.getTime() ?? 0;
    updated.set(slug, Math.max(updated.get(slug) ?? 0, time));
  }
  const landings = (await getCollection('landings')).map((entry) => ({
    route: `/${entry.id}`,
    lastmod: entry.data.updated,
  }));
  return [
    ...fixedRoutes.map((route) => ({ route })),
    ...landings,
    ...contentSlugs.map((slug) => {
      const time = updated.get(slug);
      return time ? { route: `/${slug}`, lastmod: new Date(time) } : { route: `/${slug}` };
    }),
  ];
}
