import { createRoute } from '@hono/zod-openapi';
import { awardResultsSchema, awardVoteSchema } from '../../shared/award';
import { messageResponseSchema } from '../../shared/auth';
import { idParamSchema } from '../../shared/core';
import { translate } from '../../shared/messages';
import { awardResults, castVote } from '../screenings/award';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { bearerSecurity, requireLogin } from './session';

const voteRoute = createRoute({
  method: 'post',
  path: '/festivals/{id}/award/votes',
  tags: ['screenings'],
  summary:
    'Rate a festival title 1-5 for the audience award, once per ticket: 403 not eligible, 409 already voted or not open yet, 410 closed, 422 bad rating',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, ...jsonBody(awardVoteSchema) },
  responses: {
    200: jsonContent(messageResponseSchema, 'Counted'),
    ...errorResponses(401, 403, 404, 409, 410, 422),
  },
});

const resultsRoute = createRoute({
  method: 'get',
  path: '/festivals/{id}/award',
  tags: ['screenings'],
  summary: "The audience award's results by title, once staff published them (404 before)",
  request: { params: idParamSchema },
  responses: { 200: jsonContent(awardResultsSchema, 'The results'), ...errorResponses(404, 422) },
});

/** A festival's audience award for viewers (issue 30): voting, and the published results. */
export const awardRoutes = createRouter()
  .openapi(voteRoute, async (c) => {
    const { ctx, user, locale } = c.var;
    await castVote(ctx, user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: translate('award_voted', locale) }, 200);
  })
  .openapi(resultsRoute, async (c) => {
    const { ctx, locale } = c.var;
    return c.json(await awardResults(ctx, c.req.valid('param').id, locale, false), 200);
  });
