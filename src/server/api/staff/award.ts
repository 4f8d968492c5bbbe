import { awardPublishSchema, awardResultsSchema, awardSettingsSchema } from '../../../shared/award';
import { idParamSchema } from '../../../shared/core';
import { awardResults, publishAward, setAward } from '../../screenings/award';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const settingsRoute = staffRoute({
  roles: ['catalogue'],
  method: 'put',
  path: '/festivals/{id}/award',
  summary: "Run the festival's audience award: the voting window after each screening and the watched share",
  request: { params: idParamSchema, ...jsonBody(awardSettingsSchema) },
  responses: { 200: jsonContent(awardResultsSchema, 'The award'), ...errorResponses(401, 403, 404, 422) },
});

const publishRoute = staffRoute({
  roles: ['catalogue'],
  method: 'post',
  path: '/festivals/{id}/award/publish',
  summary: 'Show the results on the festival page, or hide them again',
  request: { params: idParamSchema, ...jsonBody(awardPublishSchema) },
  responses: { 200: jsonContent(awardResultsSchema, 'The award'), ...errorResponses(401, 403, 404, 422) },
});

const resultsRoute = staffRoute({
  roles: ['catalogue', 'moderator', 'finance'],
  method: 'get',
  path: '/festivals/{id}/award',
  summary: 'The audience award as it stands: votes and average by title, published or not',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(awardResultsSchema, 'The results'), ...errorResponses(401, 403, 404) },
});

/** The audience award in the console (issue 30). */
export const staffAwardRoutes = createRouter()
  .openapi(settingsRoute, async (c) => {
    return c.json(await setAward(c.var.ctx, c.req.valid('param').id, c.req.valid('json'), c.var.locale), 200);
  })
  .openapi(publishRoute, async (c) => {
    const { published } = c.req.valid('json');
    return c.json(await publishAward(c.var.ctx, c.req.valid('param').id, published, c.var.locale), 200);
  })
  .openapi(resultsRoute, async (c) => {
    return c.json(await awardResults(c.var.ctx, c.req.valid('param').id, c.var.locale, true), 200);
  });
