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
  summary: "Today's sign-ups, payments and revenue by currency, active viewers and open queues",
  responses: { 200: jsonContent(staffDashboardSchema, 'The dashboard'), ...errorResponses(401, 403) },
});

/** /api/v1/staff/dashboard: for every staff role. */
export const staffDashboardRoutes = createRouter().openapi(dashboardRoute, async (c) =>
  c.json(await dashboard(c.var.ctx), 200),
);
