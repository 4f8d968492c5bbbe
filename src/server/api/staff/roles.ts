import { translate } from '../../../shared/messages';
import {
  auditPageSchema,
  auditQuerySchema,
  grantRoleSchema,
  roleParamSchema,
  staffMemberResponseSchema,
  staffMembersSchema,
} from '../../../shared/staff-roles';
import { readAudit } from '../../core/audit';
import { grantRole, listStaff, revokeRole } from '../../staff/roles';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const listRoute = staffRoute({
  roles: ['admin'],
  method: 'get',
  path: '/roles',
  summary: 'Every account holding a staff role, with its roles',
  responses: { 200: jsonContent(staffMembersSchema, 'Staff'), ...errorResponses(401, 403) },
});

const grantRoute = staffRoute({
  roles: ['admin'],
  method: 'post',
  path: '/roles',
  summary: 'Give an account (by phone or e-mail) a staff role; audited as role.grant',
  request: jsonBody(grantRoleSchema),
  responses: {
    200: jsonContent(staffMemberResponseSchema, 'The account with its roles'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const revokeRoute = staffRoute({
  roles: ['admin'],
  method: 'delete',
  path: '/roles/{user_id}/{role}',
  summary: "Take a staff role back (never the last admin's); audited as role.revoke",
  request: { params: roleParamSchema },
  responses: {
    200: jsonContent(staffMemberResponseSchema, 'The account with its remaining roles'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const auditRoute = staffRoute({
  roles: ['admin'],
  method: 'get',
  path: '/audit',
  summary: 'The audit log, newest first, 25 a page, filtered by action, actor and target',
  request: { query: auditQuerySchema },
  responses: { 200: jsonContent(auditPageSchema, 'Audit entries'), ...errorResponses(401, 403, 422) },
});

/** /api/v1/staff/roles and /staff/audit (admin). */
export const staffRoleRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json({ staff: await listStaff(c.var.ctx.database.db) }, 200))
  .openapi(grantRoute, async (c) => {
    const { user_name, role } = c.req.valid('json');
    const { db } = c.var.ctx.database;
    const member = await grantRole(db, c.var.user.id, user_name, role, c.var.ctx.clock.now());
    return c.json({ message: translate('role_granted', c.var.locale), member }, 200);
  })
  .openapi(revokeRoute, async (c) => {
    const { user_id, role } = c.req.valid('param');
    const member = await revokeRole(c.var.ctx.database.db, c.var.user.id, user_id, role);
    return c.json({ message: translate('role_revoked', c.var.locale), member }, 200);
  })
  .openapi(auditRoute, async (c) =>
    c.json(await readAudit(c.var.ctx.database.db, c.req.valid('query')), 200),
  );
