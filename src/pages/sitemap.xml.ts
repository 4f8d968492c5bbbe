import type { APIRoute } from 'astro';
import { indexablePages } from '~/components/seo/indexable-pages';
import { sitemapChildren } from '~/server/growth/sitemap';
import { sitemapIndexXml } from '~/server/growth/sitemap-xml';
import { getRuntime } from '~/server/runtime';
import { xmlResponse } from '~/server/growth/xml-response';

/** The sitemap index robots.txt names: one child for the site's pages, one per kind of title. */
export const GET: APIRoute = async () => {
  const { ctx } = await getRuntime();
  return xmlResponse(sitemapIndexXml(ctx.config, await sitemapChildren(ctx, await indexablePages())));
};
