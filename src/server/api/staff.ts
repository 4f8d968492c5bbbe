import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/core';
import { translate } from '../../shared/messages';
import { commentStateSchema, staffCommentPageSchema, staffQuerySchema } from '../../shared/social';
import { listForModeration, moderateComment } from '../social/moderation';
import { errorResponses, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin } from './session';

const listRoute = createRoute({
  method: 'get',
  path: '/comments',
  tags: ['staff'],
  summary: 'Comments in one moderation status (pending by default), oldest first, 10 a page',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { query: staffQuerySchema },
  responses: {
    200: jsonContent(staffCommentPageSchema, 'Moderation queue'),
    ...errorResponses(401, 403, 422),
  },
});

function decisionRoute(decision: 'approve' | 'reject') {
  return createRoute({
    method: 'post',
    path: `/comments/{id}/${decision}`,
    tags: ['staff'],
    summary: `${decision === 'approve' ? 'Publish' : 'Reject'} a comment`,
    security: bearerSecurity,
    middleware: [requireLogin] as const,
    request: { params: idParamSchema },
    responses: {
      200: jsonContent(commentStateSchema, 'The comment after the decision'),
      ...errorResponses(401, 403, 404),
    },
  });
}

/** Each decision: the status it sets and what the moderator is told. */
const decisions = [
  { decision: 'approve', status: 'approved', message: 'comment_approved' },
  { decision: 'reject', status: 'rejected', message: 'comment_rejected' },
] as const;

const router = createRouter().openapi(listRoute, async (c) => {
  const { status, page } = c.req.valid('query');
  return c.json(await listForModeration(c.var.ctx, authOf(c), status, page), 200);
});

for (const { decision, status, message } of decisions) {
  router.openapi(decisionRoute(decision), async (c) => {
    const comment = await moderateComment(c.var.ctx, authOf(c), c.req.valid('param').id, status);
    return c.json({ message: translate(message, c.var.locale), comment }, 200);
  });
}

/** /api/v1/staff: moderation for accounts with users.is_staff (403 for others, 401 anonymous). */
export const staffRoutes = router;
