import { marketingReportSchema } from '../../../shared/staff-marketing';
import { marketingReport } from '../../staff/marketing';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const reportRoute = staffRoute({
  roles: ['catalogue'],
  method: 'get',
  path: '/marketing',
  summary:
    'The home slider, home rows and campaign landings as on disk: validated and previewed in fa and en',
  responses: { 200: jsonContent(marketingReportSchema, 'Content files'), ...errorResponses(401, 403) },
});

/** /api/v1/staff/marketing (catalogue): the content files marketing edits, checked before they ship. */
export const staffMarketingRoutes = createRouter().openapi(reportRoute, async (c) =>
  c.json(await marketingReport(c.var.ctx), 200),
);
