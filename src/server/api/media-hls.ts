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

const token = z.string().meta({ param: { name: 'token', in: 'path' }, description: 'Signed grant' });

/**
 * /api/v1/media/hls/<token>/...: signed HLS packages (src/server/media). Plain routes, because a file
 * path spans several segments; both are described in the OpenAPI document below.
 */
export const mediaHlsRoutes = createRouter();

mediaHlsRoutes
  .get('/:token/key', async (c) =>
    send(c, await serveMediaKey(c.var.ctx, c.req.param('token'), c.var.clientAddress, c.var.ctx.clock.now())),
  )
  .get('/:token/:file{.+}', async (c) =>
    send(
      c,
      await serveMediaFile(
        c.var.ctx,
        c.req.param('token'),
        c.req.param('file'),
        c.var.ctx.clock.now(),
        c.req.header('Range'),
      ),
    ),
  );

mediaHlsRoutes.openAPIRegistry.registerPath({
  method: 'get',
  path: '/{token}/{file}',
  tags: ['media'],
  summary:
    'A file of a signed HLS package: master.m3u8, v<height>/index.m3u8, v<height>/seg<n>.ts, subs/<lang>.vtt|m3u8, thumbs/thumbs.vtt|sprite.jpg, trailer/...',
  request: { params: z.object({ token, file: z.string().meta({ param: { name: 'file', in: 'path' } }) }) },
  responses: {
    200: { description: 'Playlist, MPEG-TS segment, WebVTT or JPEG' },
    206: { description: 'A byte range of a segment' },
    ...errorResponses(403, 404),
    410: { description: 'The screening has ended' },
  },
});

mediaHlsRoutes.openAPIRegistry.registerPath({
  method: 'get',
  path: '/{token}/key',
  tags: ['media'],
  summary: 'The AES-128 key of the package, to a session still entitled to the title',
  request: { params: z.object({ token }) },
  responses: {
    200: { description: '16 bytes', content: { 'application/octet-stream': { schema: z.string() } } },
    ...errorResponses(403, 404),
  },
});
