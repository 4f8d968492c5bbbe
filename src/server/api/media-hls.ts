import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { translate } from '../../shared/messages';
import { serveMediaFile, serveMediaKey, type MediaFileResponse } from '../media';
import type { ApiEnv } from './env';
import { errorResponses } from './openapi';
import { createRouter } from './router';

function send(c: Context<ApiEnv>, result: MediaFileResponse): Response {
  if (result.status === 410) return c.json({ message: translate('screening_ended', c.var.locale) }, 410);
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

for (const route of FILE_ROUTES) {
  mediaHlsRoutes.get(route.path.replace(/\{(\w+)\}/g, ':$1'), async (c) => {
    const file = route.names.map((name) => c.req.param(name) ?? '').join('/');
    const now = c.var.ctx.clock.now();
    return send(
      c,
      await serveMediaFile(c.var.ctx, c.req.param('token') ?? '', file, now, c.req.header('Range')),
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
  path: '/{token}/key',
  tags: ['media'],
  summary: 'The AES-128 key of the package, to a session still entitled to the title',
  request: { params: z.object({ token: pathParam('token', 'Signed grant') }) },
  responses: {
    200: { description: '16 bytes', content: { 'application/octet-stream': { schema: z.string() } } },
    ...errorResponses(403, 404),
  },
});
