import type { APIRoute } from 'astro';
import { indexablePages } from '~/components/seo/indexable-pages';
import { sitemapEntries } from '~/server/growth/sitemap';
import { urlsetXml } from '~/server/growth/sitemap-xml';
import { xmlResponse } from '~/server/growth/xml-response';
import { getRuntime } from '~/server/runtime';

/** A child sitemap named by the index: /sitemaps/pages.xml, /sitemaps/movies.xml, /sitemaps/movies-2.xml. */
export const GET: APIRoute = async ({ params }) => {
  const { ctx } = await getRuntime();
  const entries = await sitemapEntries(ctx, params['name'] ?? '', await indexablePages());
  if (!entries) return new Response('Not found', { status: 404 });
  return xmlResponse(urlsetXml(ctx.config, entries));
};
