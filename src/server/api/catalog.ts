import { createRoute, z } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import {
  facetsSchema,
  searchParamsOfQuery,
  searchQuerySchema,
  searchResultSchema,
  slideItemSchema,
  suggestionsSchema,
  suggestQuerySchema,
  titleDetailSchema,
  widgetPageSchema,
  widgetSchema,
} from '../../shared/catalog';
import { idParamSchema } from '../../shared/core';
import { readArtwork } from '../core/artwork';
import {
  artworkTextOf,
  getHomeSlider,
  getHomeWidgets,
  getTitle,
  getWidgetItems,
  listFacets,
  searchCatalog,
} from '../catalog';
import { cachedJson } from '../catalog/cache';
import type { AgeRating } from '../../shared/kids';
import { ageLimitOf, allowedCards, assertRatingAllowed } from '../users/kids';
import { normalizeSearchText } from '../catalog/normalize';
import { suggest } from '../catalog/suggest';
import { notFound } from '../errors';
import type { ApiEnv } from './env';
import { errorResponses, jsonContent } from './openapi';
import { createRouter } from './router';
import { requestLogin } from './session';

/** The public reads send an ETag; a client that sends it back gets this when nothing changed. */
const notModified = {
  304: { description: 'Not modified: If-None-Match named the current ETag (no body)' },
} as const;

const sliderRoute = createRoute({
  method: 'get',
  path: '/core/get-home-slider',
  tags: ['catalogue'],
  summary: 'The home slider (curated in src/content/home/slider.json)',
  responses: {
    200: jsonContent(z.object({ slides: z.array(slideItemSchema) }), 'Slides in order'),
    ...notModified,
  },
});

const widgetsRoute = createRoute({
  method: 'get',
  path: '/core/get-home-widgets',
  tags: ['catalogue'],
  summary: 'The home rows (curated, newest, screenings, festivals, by genre) with their first page',
  responses: {
    200: jsonContent(z.object({ widgets: z.array(widgetSchema) }), 'Rows in order'),
    ...notModified,
  },
});

const widgetRoute = createRoute({
  method: 'get',
  path: '/widgetV4/{id}',
  tags: ['catalogue'],
  summary: 'One page of one home row',
  request: {
    params: z.object({
      id: z
        .string()
        .regex(/^[a-z0-9-]{1,80}$/)
        .meta({ param: { name: 'id', in: 'path' }, example: 'genre-drama' }),
    }),
    query: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
  },
  responses: {
    200: jsonContent(widgetPageSchema, 'Items of the page'),
    ...notModified,
    ...errorResponses(404, 422),
  },
});

const titleRoute = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags: ['catalogue'],
  summary: "A title's details; `availability` is judged for the visitor's country and the current time",
  request: { params: idParamSchema },
  responses: { 200: jsonContent(titleDetailSchema, 'The title'), ...errorResponses(404, 422) },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['catalogue'],
  summary: 'Search titles (Persian spellings normalised) with filters, `kind` among them; 24 per page',
  request: { query: searchQuerySchema },
  responses: {
    200: jsonContent(searchResultSchema, 'A page of results'),
    ...notModified,
    ...errorResponses(422),
  },
});

const facetsRoute = createRoute({
  method: 'get',
  path: '/search/facets',
  tags: ['catalogue'],
  summary: 'Genres and categories for the search filters',
  responses: { 200: jsonContent(facetsSchema, 'Filter values'), ...notModified },
});

const suggestRoute = createRoute({
  method: 'get',
  path: '/search/suggest',
  tags: ['catalogue'],
  summary:
    'Suggestions while typing: titles, people and genres whose names hold every word typed (spelled as the full search normalises them); at most `limit` (8), titles first',
  request: { query: suggestQuerySchema },
  responses: {
    200: jsonContent(suggestionsSchema, 'Suggestions, best first'),
    ...notModified,
    ...errorResponses(422),
  },
});

const artworkRoute = createRoute({
  method: 'get',
  path: '/media/artwork/{file}',
  tags: ['media'],
  summary:
    'Title artwork: `{key}-poster-{240|480}` (2:3) or `{key}-cover-{640|1280}` (16:9), `.avif` or `.webp`',
  request: {
    params: z.object({
      file: z.string().meta({ param: { name: 'file', in: 'path' }, example: 'the-salesman-poster-240.avif' }),
    }),
  },
  responses: {
    200: {
      description: 'The image',
      content: { 'image/avif': { schema: z.string() }, 'image/webp': { schema: z.string() } },
    },
    ...errorResponses(404),
  },
});

/**
 * The catalogue is public, but a request that carries a session on a kids profile (issue 29) sees only
 * the titles at or under the profile's rating: its limit, or null for everyone else. A session that is
 * sent must be live (401 otherwise, as everywhere).
 */
async function ageLimitOfRequest(c: Context<ApiEnv>): Promise<AgeRating | null> {
  const header = c.req.header('authorization');
  if (!header) return null;
  const auth = await requestLogin(c.var.ctx, header);
  return ageLimitOf(c.var.ctx.database.db, auth.session.profileId);
}

/** How long browsers and shared caches may keep the public reads; the server keeps them as long. */
const PUBLIC_MAX_AGE_S = 30;

/**
 * A read that is the same for every visitor in a language, sent as JSON serialized once per catalogue
 * version and language (not per request), with an ETag so a client that has it gets a 304. Public: the
 * server's own response cache (src/server/web/response-cache.ts) and browsers keep it for a while.
 */
async function sharedJson<T>(
  c: Context<ApiEnv>,
  age: AgeRating | null,
  key: string,
  compute: () => Promise<T>,
): Promise<TypedResponse<T, 200, 'json'>> {
  // A kids profile's answer is kept by the server under its limit, and by nobody else: a browser or
  // proxy keeping it under the URL would hand it to the next viewer, or the public one to the child.
  const { body, etag } = await cachedJson(
    c.var.ctx,
    `${c.var.locale}:${key}${age ? `:kids-${age}` : ''}`,
    compute,
  );
  const headers = {
    'Cache-Control': age ? 'private, no-store' : `public, max-age=${PUBLIC_MAX_AGE_S}`,
    Vary: 'Accept-Language, Accept-Language-site, Authorization',
    ETag: etag,
  };
  const known = c.req.header('if-none-match');
  const response =
    known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
      ? c.body(null, 304, headers)
      : c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
  // The body is compute()'s value as JSON, serialized once: the route's declared answer (or a 304 for
  // it), which the typed router cannot see through a prepared string.
  return response as unknown as TypedResponse<T, 200, 'json'>;
}

/** The catalogue: home rows and slider, title details, search and artwork. */
export const catalogRoutes = createRouter()
  .openapi(sliderRoute, async (c) => {
    const age = await ageLimitOfRequest(c);
    return sharedJson(c, age, 'slider', async () => ({
      slides: await getHomeSlider(c.var.ctx, c.var.locale, age),
    }));
  })
  .openapi(widgetsRoute, async (c) => {
    const age = await ageLimitOfRequest(c);
    return sharedJson(c, age, 'widgets', async () => ({
      widgets: await getHomeWidgets(c.var.ctx, c.var.locale, age),
    }));
  })
  .openapi(widgetRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { page } = c.req.valid('query');
    const age = await ageLimitOfRequest(c);
    const items = await getWidgetItems(c.var.ctx, id, c.var.locale, page, age);
    if (!items) throw notFound();
    return sharedJson(c, age, `widget:${id}:${page}`, async () => items);
  })
  .openapi(titleRoute, async (c) => {
    const { country } = c.var.ctx.geo.locate(c.var.clientAddress);
    const title = await getTitle(c.var.ctx, c.req.valid('param').id, c.var.locale, { country });
    if (!title) throw notFound();
    const age = await ageLimitOfRequest(c);
    assertRatingAllowed(age, title.age_rating);
    // A title a kids profile may see can be related to ones it may not.
    const related = await allowedCards(c.var.ctx.database.db, age, title.related);
    return c.json({ ...title, related }, 200);
  })
  .openapi(facetsRoute, (c) => sharedJson(c, null, 'facets', () => listFacets(c.var.ctx, c.var.locale)))
  .openapi(searchRoute, async (c) => {
    const params = searchParamsOfQuery(c.req.valid('query'));
    const age = await ageLimitOfRequest(c);
    return sharedJson(c, age, `search:${JSON.stringify(params)}`, () =>
      searchCatalog(c.var.ctx, params, c.var.locale, age),
    );
  })
  .openapi(suggestRoute, async (c) => {
    const { q, limit } = c.req.valid('query');
    const age = await ageLimitOfRequest(c);
    // Keyed by the normalised words: every spelling of a name shares one cached answer.
    return sharedJson(c, age, `suggest:${limit}:${normalizeSearchText(q)}`, () =>
      suggest(c.var.ctx, q, limit, c.var.locale, age),
    );
  })
  .openapi(artworkRoute, async (c) => {
    const image = await readArtwork(c.var.ctx.storage, c.req.valid('param').file, (key) =>
      artworkTextOf(c.var.ctx, key),
    );
    return c.body(new Uint8Array(image.data), 200, {
      'Content-Type': image.contentType,
      // A file name never gets other content, so the picture can be cached for good.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
