import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { translate } from '../../shared/messages';
import { authorizeMediaFiles, serveMediaFile, serveMediaKey, type MediaFileResponse } from '../media';
import type { ApiEnv } from './env';
import { errorResponses } from './openapi';
import { createRouter } from './router';

function send(c: Context<ApiEnv>, result: MediaFileResponse): Response {
  if (result.status === 410) return c.json({ message: translate('screening_ended', c.var.locale) }, 410);
  if (result.status === 304) return c.body(null, 304, result.headers);
  return typeof result.body === 'string'
    ? c.body(result.body, result.status, result.headers)
    : c.body(result.body, result.status, result.headers);
}

const pathParam = (name: string, description: string) =>
  z.string().meta({ param: { name, in: 'path' }, description });

/** A package file is one to three path segments deep (master.m3u8, v360/seg00000.mpegts, trailer/v360/...). */
const FILE_ROUTES = [
  { path: '/{token}/{file}', names: ['file'] },
  { path: '/{token}/{dir}/{file}', names: ['dir', 'file'] },
  { path: '/{token}/{dir}/{rendition}/{file}', names: ['dir', 'rendition', 'file'] },
] as const;

/**
 * /api/v1/media/hls/<token>/...: signed HLS packages (src/server/media). Plain routes with fixed depth
 * (the file name check happens in the domain, against an allow-list), described in OpenAPI below.
 */
export const mediaHlsRoutes = createRouter();

mediaHlsRoutes.get('/:token/key', async (c) =>
  send(c, await serveMediaKey(c.var.ctx, c.req.param('token'), c.var.clientAddress, c.var.ctx.clock.now())),
);

// nginx's auth_request (deploy/nginx/media-server.conf): answered once per token and scope, then kept
// by nginx for the seconds the token has left.
mediaHlsRoutes.get('/:token/authorize', (c) => {
  const allowed = authorizeMediaFiles(
    c.var.ctx,
    c.req.param('token'),
    c.req.query('scope'),
    c.var.ctx.clock.now(),
  );
  return c.body(null, 204, {
    'Cache-Control': `max-age=${allowed.maxAge}`,
    'X-Media-Asset': allowed.asset,
    'X-Media-Expires': allowed.expires.toUTCString(),
  });
});

for (const route of FILE_ROUTES) {
  mediaHlsRoutes.get(route.path.replace(/\{(\w+)\}/g, ':$1'), async (c) => {
    const file = route.names.map((name) => c.req.param(name) ?? '').join('/');
    const now = c.var.ctx.clock.now();
    return send(
      c,
      await serveMediaFile(c.var.ctx, c.req.param('token') ?? '', file, now, {
        range: c.req.header('Range'),
        ifNoneMatch: c.req.header('If-None-Match'),
        ifModifiedSince: c.req.header('If-Modified-Since'),
        ifRange: c.req.header('If-Range'),
      }),
    );
  });
  mediaHlsRoutes.openAPIRegistry.registerPath({
    method: 'get',
    path: route.path,
    tags: ['media'],
    summary:
      'A file of a signed HLS package: master.m3u8, v<height>/index.m3u8, v<height>/seg<n>.mpegts, subs/<lang>.vtt|m3u8, thumbs/thumbs.vtt|sprite.jpg, trailer/...',
    request: {
      params: z.object(
        Object.fromEntries(
          ['token', ...route.names].map((name) => [
            name,
            pathParam(name, name === 'token' ? 'Signed grant' : 'Path segment'),
          ]),
        ),
      ),
    },
    responses: {
      200: { description: 'Playlist, MPEG-TS segment, WebVTT or JPEG' },
      206: { description: 'A byte range of a segment' },
      ...errorResponses(403, 404),
      410: { description: 'The screening has ended' },
    },
  });
}

mediaHlsRoutes.openAPIRegistry.registerPath({
  method: 'get',
  path: '/{token}/authorize',
  tags: ['media'],
  summary:
    "nginx's auth_request in front of the package files: may this token's files of the scope be sent (deploy/nginx/media-server.conf)",
  request: {
    params: z.object({ token: pathParam('token', 'Signed grant') }),
    query: z.object({
      scope: z
        .enum(['full', 'trailer'])
        .meta({ description: 'trailer: a file under trailer/; full: any other' }),
    }),
  },
  responses: {
    204: {
      description:
        'Allowed; Cache-Control max-age says for how many more seconds, X-Media-Asset names the package, X-Media-Expires is when the link dies',
    },
    ...errorResponses(403),
  },
});

mediaHlsRoutes.openAPIRegistry.registerPath({
  method: 'get',
  path: '/{token}/key',
  tags: ['media'],
  summary: 'The AES-128 key of the package, to a session still entitled to the title',
  request: { params: z.object({ token: pathParam('token', 'Signed grant') }) },
  responses: {
    200: { description: '16 bytes', content: { 'application/octet-stream': { schema: z.string() } } },
    ...errorResponses(403, 404),
  },
});
