import { createRoute, z } from '@hono/zod-openapi';
import { readiness } from '../core/readiness';
import { DomainError } from '../errors';
import { errorResponses, jsonContent } from './openapi';
import { createRouter } from './router';

/** Seconds a load balancer may wait before asking a server that is not ready again. */
const NOT_READY_RETRY_AFTER = 5;

const healthyBody = z.object({ ok: z.literal(true), database: z.enum(['pglite', 'postgres']) });

const liveRoute = createRoute({
  method: 'get',
  path: '/live',
  tags: ['system'],
  summary: 'Liveness: the process answers (the database is not asked); for a process supervisor',
  responses: { 200: jsonContent(healthyBody, 'The process answers') },
});

const readyDescription =
  'Readiness: the database answers within 1.5 s, every migration of this build is applied and the server is not shutting down; for a load balancer. 503 names the `reason`: `database_unavailable`, `migrations_pending` or `draining`.';

const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['system'],
  summary: readyDescription,
  responses: {
    200: jsonContent(healthyBody, 'Ready for requests'),
    ...errorResponses(503),
  },
});

/** GET /health is readiness under its old address, so whatever already watched it now sees outages. */
const aliasRoute = createRoute({
  ...readyRoute,
  path: '/',
  summary: `Same as /health/ready. ${readyDescription}`,
});

/** /health/live, /health/ready and /health (readiness): decision record 0035. */
export const healthRoutes = createRouter();

healthRoutes.openapi(liveRoute, (c) => c.json({ ok: true as const, database: c.var.ctx.database.kind }, 200));

for (const route of [readyRoute, aliasRoute]) {
  healthRoutes.openapi(route, async (c) => {
    const state = await readiness(c.var.ctx);
    if (!state.ready) {
      throw new DomainError('unavailable', state.reason, {
        retryAfter: NOT_READY_RETRY_AFTER,
        extra: { reason: state.reason },
      });
    }
    return c.json({ ok: true as const, database: c.var.ctx.database.kind }, 200);
  });
}
