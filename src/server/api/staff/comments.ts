import { idParamSchema } from '../../../shared/core';
import { translate } from '../../../shared/messages';
import {
  commentDecisionsResultSchema,
  commentDecisionsSchema,
  commentStateSchema,
  staffCommentPageSchema,
  staffQuerySchema,
} from '../../../shared/social';
import { listForModeration, moderateComment, moderateComments } from '../../social/moderation';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const listRoute = staffRoute({
  roles: ['moderator'],
  method: 'get',
  path: '/comments',
  summary: 'Comments in one moderation status (pending by default), oldest first, 10 a page',
  request: { query: staffQuerySchema },
  responses: {
    200: jsonContent(staffCommentPageSchema, 'Moderation queue'),
    ...errorResponses(401, 403, 422),
  },
});

function decisionRoute(decision: 'approve' | 'reject') {
  return staffRoute({
    roles: ['moderator'],
    method: 'post',
    path: `/comments/{id}/${decision}`,
    summary: `${decision === 'approve' ? 'Publish' : 'Reject'} a comment`,
    request: { params: idParamSchema },
    responses: {
      200: jsonContent(commentStateSchema, 'The comment after the decision'),
      ...errorResponses(401, 403, 404),
    },
  });
}

const manyRoute = staffRoute({
  roles: ['moderator'],
  method: 'post',
  path: '/comments/decisions',
  summary: 'Approve or reject up to 50 comments at once (all or none)',
  request: jsonBody(commentDecisionsSchema),
  responses: {
    200: jsonContent(commentDecisionsResultSchema, 'The comments after the decision'),
    ...errorResponses(401, 403, 404, 422),
  },
});

/** Each decision: the status it sets and what the moderator is told. */
const decisions = [
  { decision: 'approve', status: 'approved', message: 'comment_approved' },
  { decision: 'reject', status: 'rejected', message: 'comment_rejected' },
] as const;

const router = createRouter()
  .openapi(listRoute, async (c) => {
    const { status, page } = c.req.valid('query');
    return c.json(await listForModeration(c.var.ctx, status, page), 200);
  })
  .openapi(manyRoute, async (c) => {
    const { ids, status } = c.req.valid('json');
    const comments = await moderateComments(c.var.ctx, c.var.user.id, ids, status);
    const message = translate({ key: 'comments_decided', params: { count: comments.length } }, c.var.locale);
    return c.json({ message, comments }, 200);
  });

for (const { decision, status, message } of decisions) {
  router.openapi(decisionRoute(decision), async (c) => {
    const comment = await moderateComment(c.var.ctx, c.var.user.id, c.req.valid('param').id, status);
    return c.json({ message: translate(message, c.var.locale), comment }, 200);
  });
}

/** /api/v1/staff/comments: the moderation queue and decisions (role `moderator`). */
export const staffCommentRoutes = router;
