import type { APIRoute } from 'astro';
import { CAFE_PHOTO_PATTERN, cafePhotoSvg } from '~/server/cafes/photos';

/** A drawn demo cafe photo (src/server/cafes/photos.ts); a name never changes its picture. */
export const GET: APIRoute = ({ params }) => {
  const file = params['file'] ?? '';
  if (!CAFE_PHOTO_PATTERN.test(file)) return new Response('Not found', { status: 404 });
  return new Response(cafePhotoSvg(file), {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
};
