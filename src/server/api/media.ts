import { createRoute, z } from '@hono/zod-openapi';
import { AVATAR_FILE_PATTERN, readAvatar } from '../users/avatar-files';
import { errorResponses } from './openapi';
import { createRouter } from './router';

const avatarRoute = createRoute({
  method: 'get',
  path: '/avatars/{file}',
  tags: ['media'],
  summary: 'An uploaded profile picture (256×256 WebP); names are random and never reused',
  request: {
    params: z.object({
      file: z
        .string()
        .regex(AVATAR_FILE_PATTERN)
        .meta({ param: { name: 'file', in: 'path' }, example: '0123456789abcdef0123456789abcdef.webp' }),
    }),
  },
  responses: {
    200: { description: 'WebP image', content: { 'image/webp': { schema: z.string() } } },
    ...errorResponses(404, 422),
  },
});

/** /api/v1/media: files viewers uploaded, re-encoded by the server. */
export const mediaRoutes = createRouter().openapi(avatarRoute, async (c) => {
  const image = await readAvatar(c.var.ctx.storage, c.req.valid('param').file);
  return c.body(new Uint8Array(image), 200, {
    'Content-Type': 'image/webp',
    // A file name is never given to different content, so the picture can be cached for good.
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
