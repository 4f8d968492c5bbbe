import { createRoute } from '@hono/zod-openapi';
import { campaignQuerySchema, campaignReportSchema, landingVisitSchema } from '../../shared/growth';
import { defineRateLimit } from '../core/rate-limit';
import { countLandingVisit } from '../growth/attribution';
import { campaignReport } from '../growth/campaign-report';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { rateLimit } from './middleware';
import { createRouter } from './router';
import { staffRoute } from './staff/route';

/** A visitor opens a few landings; more than this from one address is a script inflating a campaign. */
const visitLimit = defineRateLimit({ name: 'landing-visit', limit: 30, windowSeconds: 10 * 60 });

const visitRoute = createRoute({
  method: 'post',
  path: '/growth/visits',
  tags: ['growth'],
  summary: 'Count one visit to a campaign landing (no visitor is kept)',
  middleware: [rateLimit(visitLimit)] as const,
  request: jsonBody(landingVisitSchema),
  responses: { 204: { description: 'Counted' }, ...errorResponses(422, 429) },
});

const reportRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/staff/campaigns',
  summary: 'Per campaign: landing visits, sign-ups, first payments and revenue by currency over days',
  request: { query: campaignQuerySchema },
  responses: {
    200: jsonContent(campaignReportSchema, 'The campaign report'),
    ...errorResponses(401, 403, 422),
  },
});

/** Campaign attribution's routes (src/shared/growth.ts). */
export const growthRoutes = createRouter()
  .openapi(visitRoute, async (c) => {
    await countLandingVisit(c.var.ctx, c.req.valid('json'));
    return c.body(null, 204);
  })
  .openapi(reportRoute, async (c) => {
    return c.json(await campaignReport(c.var.ctx, c.req.valid('query')), 200);
  });
