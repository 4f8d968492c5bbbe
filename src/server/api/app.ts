import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { AppContext } from '../context';
import { noteRequest } from '../core/log';
import { notFound } from '../errors';
import { authRoutes } from './auth';
import { bodyLimits } from './body-limits';
import { cafeRoutes } from './cafes';
import { clockRoutes } from './clock';
import { catalogRoutes } from './catalog';
import { commerceRoutes } from './commerce';
import { familyRoutes } from './family';
import { grownUpsOnly, grownUpsRoutes, kidsGate } from './kids-gate';
import { directDebitRoutes } from './direct-debit';
import { coreRoutes } from './core';
import { growthRoutes } from './growth';
import { healthRoutes } from './health';
import { errorResponse } from './http-errors';
import { boundedReads, requestContext, securityHeaders } from './middleware';
import { mediaRoutes } from './media';
import { mediaHlsRoutes } from './media-hls';
import { meRoutes } from './me';
import { playbackRoutes } from './playback';
import { screeningRoutes } from './screenings';
import { awardRoutes } from './award';
import { shopRoutes } from './shop';
import { socialRoutes } from './social';
import { staffRoutes } from './staff';
import { chatRoutes } from './chat';
import { createRouter } from './router';

export type { ApiEnv } from './env';

/** The `/api/v1` application; pages never go through it, islands and outside clients do. */
export function createApi(ctx: AppContext) {
  const api = createRouter().basePath('/api/v1');
  api.use(securityHeaders);
  api.use(requestId());
  // The request log names the route pattern, never the path (it may hold a signed media token).
  api.use(async (c, next) => {
    await next();
    noteRequest({ route: routePath(c, -1) });
  });
  api.use(requestContext(ctx));
  api.use(boundedReads(ctx));
  api.use(bodyLimits);
  api.onError((error, c) => errorResponse(c, error));
  api.notFound((c) => errorResponse(c, notFound('route_not_found')));

  api.route('/health', healthRoutes);
  api.route('/time', clockRoutes);
  api.route('/core', coreRoutes);
  // Before the routes that answer these paths: it acts on their answers.
  for (const path of ['/me', '/me/family/*', '/auth/select-profile/*', '/auth/logout'])
    api.use(path, kidsGate);
  for (const [method, path] of grownUpsRoutes) {
    if (method === '*') api.use(path, grownUpsOnly);
    else api.on(method, path, grownUpsOnly);
  }
  api.route('/auth', authRoutes);
  api.route('/me/family', familyRoutes);
  api.route('/me', meRoutes);
  api.route('/media', mediaRoutes);
  api.route('/media/hls', mediaHlsRoutes);
  api.route('/', socialRoutes);
  api.route('/', chatRoutes);
  api.route('/staff', staffRoutes);
  api.route('/', growthRoutes);
  api.route('/', screeningRoutes);
  api.route('/', awardRoutes);
  api.route('/', playbackRoutes);
  api.route('/', commerceRoutes);
  api.route('/', directDebitRoutes);
  api.route('/', shopRoutes);
  api.route('/', cafeRoutes);
  api.route('/', catalogRoutes);

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The `token` of a login; it dies when its session (device) ends',
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Cinemakhaneh API',
      version: '1',
      description:
        'Errors share one body, `{ message, errors?, requestId?, reason? }`; messages follow `Accept-Language-site` / `Accept-Language` (fa or en, Persian by default). Every 5xx body carries the `requestId` of its `X-Request-Id` header. Any route answers 503 with `Retry-After` and `reason: database_unavailable` while the database does not answer.',
    },
  });
  return api;
}

export type Api = ReturnType<typeof createApi>;
