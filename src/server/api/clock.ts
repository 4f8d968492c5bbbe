import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent } from './openapi';
import { createRouter } from './router';

const timeRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['system'],
  summary:
    "The server's clock, for a player's NTP-style estimate of its offset (several requests, the one with the least round trip kept): asks nothing else, never cached",
  responses: {
    200: jsonContent(z.object({ now: z.number().int() }), 'Milliseconds since the epoch on the server'),
  },
});

/** GET /api/v1/time: screenings' players hold every viewer on the schedule by it (decision record 0051). */
export const clockRoutes = createRouter();

clockRoutes.openapi(timeRoute, (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ now: Date.now() }, 200);
});
