import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { staffAllows, type StaffRole } from '../../../shared/staff-constants';
import { DomainError } from '../../errors';
import { rolesOf } from '../../users';
import type { ApiEnv } from '../env';
import { bearerSecurity, requestLogin, type LoggedInEnv } from '../session';

/** What a staff route's handler can read besides the session: the roles that let it in. */
export interface StaffEnv {
  Variables: LoggedInEnv['Variables'] & { staffRoles: StaffRole[] };
}

/**
 * 401 without a live token, 403 `forbidden` without one of `allowed` (admin always passes). The roles
 * are read on every request, so a revoked role stops working at once.
 */
export function requireStaffRole(...allowed: StaffRole[]): MiddlewareHandler<ApiEnv & StaffEnv> {
  return async (c, next) => {
    const auth = await requestLogin(c.var.ctx, c.req.header('authorization'));
    const held = await rolesOf(c.var.ctx.database.db, auth.user.id);
    if (!staffAllows(held, allowed)) throw new DomainError('forbidden');
    c.set('session', auth.session);
    c.set('user', auth.user);
    c.set('staffRoles', held);
    await next();
  };
}

/** The OpenAPI extension naming who may call a staff operation (tests/integration/staff-access.test.ts). */
export const STAFF_ROLES_EXTENSION = 'x-staff-roles';

type StaffRouteConfig = Omit<RouteConfig, 'middleware' | 'security' | 'tags'> & {
  roles: readonly StaffRole[];
};

/**
 * Declares a staff operation: tag `staff`, bearer security, the role check and `x-staff-roles` in the
 * OpenAPI document. Handlers read `c.var.user` and `c.var.staffRoles`.
 */
export function staffRoute<const R extends StaffRouteConfig>({ roles, ...config }: R) {
  const declared: RouteConfig = {
    ...config,
    tags: ['staff'],
    security: bearerSecurity,
    middleware: [requireStaffRole(...roles)],
    [STAFF_ROLES_EXTENSION]: [...roles],
  };
  const route = createRoute(declared);
  // The spread of a generic config loses its request and response types; they are R's.
  return route as unknown as Omit<R, 'roles'> & {
    middleware: [MiddlewareHandler<ApiEnv & StaffEnv>];
  };
}
