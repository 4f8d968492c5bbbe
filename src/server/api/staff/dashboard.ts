import { staffDashboardSchema } from '../../../shared/staff-dashboard';
import { staffRoles } from '../../../shared/staff-constants';
import { dashboard } from '../../staff/dashboard';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const dashboardRoute = staffRoute({
  roles: staffRoles,
  method: 'get',
  path: '/dashboard',
  summary:
    "Today's sign-ups and active viewers; payments and revenue for finance and admin; the caller's own open queues",
  responses: { 200: jsonContent(staffDashboardSchema, 'The dashboard'), ...errorResponses(401, 403) },
});

/** /api/v1/staff/dashboard: for every staff role, each seeing its own part. */
export const staffDashboardRoutes = createRouter().openapi(dashboardRoute, async (c) =>
  c.json(await dashboard(c.var.ctx, c.var.staffRoles), 200),
);
