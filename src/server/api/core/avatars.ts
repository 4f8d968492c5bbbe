import { createRoute, z } from '@hono/zod-openapi';
import { avatarsResponseSchema } from '../../../shared/core';
import { defaultAvatarPath, defaultAvatarSvg, listDefaultAvatars } from '../../core/avatars';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';

const listRoute = createRoute({
  method: 'get',
  path: '/default-avatars',
  tags: ['core'],
  summary: 'Default profile pictures a viewer can pick instead of uploading one',
  responses: { 200: jsonContent(avatarsResponseSchema, 'Avatars with same-origin image URLs') },
});

const imageRoute = createRoute({
  method: 'get',
  path: '/default-avatars/{file}',
  tags: ['core'],
  summary: 'One default avatar as an SVG image (`{id}.svg`)',
  request: {
    params: z.object({
      file: z
        .string()
        .regex(/^\d{1,4}\.svg$/)
        .meta({ param: { name: 'file', in: 'path' }, example: '1.svg' }),
    }),
  },
  responses: {
    200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
    ...errorResponses(404, 422),
  },
});

export const avatarRoutes = createRouter()
  .openapi(listRoute, (c) =>
    c.json(
      {
        avatars: listDefaultAvatars().map(({ id, title }) => ({
          id,
          url: defaultAvatarPath(id),
          title: title.fa,
          en_title: title.en,
        })),
      },
      200,
    ),
  )
  .openapi(imageRoute, (c) => {
    const svg = defaultAvatarSvg(Number.parseInt(c.req.valid('param').file, 10));
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=604800',
    });
  });
