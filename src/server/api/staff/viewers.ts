import { idParamSchema } from '../../../shared/core';
import {
  viewerActionResponseSchema,
  viewerDetailSchema,
  viewerSearchQuerySchema,
  viewerSearchSchema,
  viewerSessionParamsSchema,
} from '../../../shared/staff-viewers';
import {
  endViewerSession,
  endViewerSessions,
  searchViewers,
  setViewerBlocked,
  viewerDetail,
} from '../../staff/viewers';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

/** /api/v1/staff/viewers (src/shared/staff-viewers.ts): find, inspect and block accounts, for `support`. */

const roles = ['support'] as const;

const searchRoute = staffRoute({
  roles,
  method: 'get',
  path: '/viewers',
  summary: 'Accounts by phone (as typed), e-mail or name; at most 20',
  request: { query: viewerSearchQuerySchema },
  responses: { 200: jsonContent(viewerSearchSchema, 'Accounts'), ...errorResponses(401, 403, 422) },
});

const detailRoute = staffRoute({
  roles,
  method: 'get',
  path: '/viewers/{id}',
  summary: 'An account with its profiles, live sessions, tickets, latest payments and shop orders',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(viewerDetailSchema, 'The account'), ...errorResponses(401, 403, 404, 422) },
});

const endSessionRoute = staffRoute({
  roles,
  method: 'delete',
  path: '/viewers/{id}/sessions/{session}',
  summary: 'End one of the account’s sessions: its token stops working at once',
  request: { params: viewerSessionParamsSchema },
  responses: {
    200: jsonContent(viewerActionResponseSchema, 'The account'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const endSessionsRoute = staffRoute({
  roles,
  method: 'delete',
  path: '/viewers/{id}/sessions',
  summary: 'End every session of the account',
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(viewerActionResponseSchema, 'The account'),
    ...errorResponses(401, 403, 404, 422),
  },
});

function blockRoute(action: 'block' | 'unblock') {
  return staffRoute({
    roles,
    method: 'post',
    path: `/viewers/{id}/${action}`,
    summary:
      action === 'block'
        ? 'Block the account: it cannot log in and its sessions end (a staff account: admin only)'
        : 'Unblock the account',
    request: { params: idParamSchema },
    responses: {
      200: jsonContent(viewerActionResponseSchema, 'The account'),
      ...errorResponses(401, 403, 404, 422),
    },
  });
}

export const staffViewerRoutes = createRouter()
  .openapi(searchRoute, async (c) =>
    c.json(await searchViewers(c.var.ctx.database.db, c.req.valid('query').q), 200),
  )
  .openapi(detailRoute, async (c) =>
    c.json(await viewerDetail(c.var.ctx, c.req.valid('param').id, c.var.locale), 200),
  )
  .openapi(endSessionRoute, async (c) => {
    const { id, session } = c.req.valid('param');
    return c.json(await endViewerSession(c.var.ctx, c.var.user.id, id, session, c.var.locale), 200);
  })
  .openapi(endSessionsRoute, async (c) =>
    c.json(await endViewerSessions(c.var.ctx, c.var.user.id, c.req.valid('param').id, c.var.locale), 200),
  );

for (const action of ['block', 'unblock'] as const) {
  staffViewerRoutes.openapi(blockRoute(action), async (c) => {
    const staff = { id: c.var.user.id, roles: c.var.staffRoles };
    const answer = await setViewerBlocked(
      c.var.ctx,
      staff,
      c.req.valid('param').id,
      action === 'block',
      c.var.locale,
    );
    return c.json(answer, 200);
  });
}
