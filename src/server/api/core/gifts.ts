import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  getGiftRequestSchema,
  getGiftResponseSchema,
  requestGiftResponseSchema,
} from '../../../shared/gifts';
import { getGift, requestGift } from '../../gifts/gifts';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { authOf, bearerSecurity, optionalLogin, requestOrigin, requireLogin } from '../session';

const getGiftRoute = createRoute({
  method: 'post',
  path: '/get-gift',
  tags: ['core'],
  summary:
    'Redeem a gift code (login optional): applied to the account (DONE), or the login begins (VERIFY / LOGIN) for a visitor',
  security: bearerSecurity,
  middleware: [optionalLogin] as const,
  request: jsonBody(getGiftRequestSchema),
  responses: {
    200: jsonContent(getGiftResponseSchema, 'The gift applied, or the next login step'),
    410: jsonContent(z.object({ message: z.string() }), 'The gift code has expired'),
    ...errorResponses(401, 404, 409, 422, 429, 503),
  },
});

const requestGiftRoute = createRoute({
  method: 'post',
  path: '/request-gift',
  tags: ['core'],
  summary: "Ask for this season's gift: a code sent to the account's mobile (or e-mail)",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: {
    200: jsonContent(requestGiftResponseSchema, 'Sent'),
    ...errorResponses(401, 403, 404, 409, 429, 503),
  },
});

/** /api/v1/core/get-gift and /request-gift (contract in src/shared/gifts.ts). */
export const giftRoutes = createRouter()
  .openapi(getGiftRoute, async (c) => {
    const body = c.req.valid('json');
    const { session, user } = c.var;
    const auth = session && user ? { session, user } : null;
    const answer = await getGift(
      c.var.ctx,
      { code: body.code, userName: body.user_name },
      auth,
      requestOrigin(c),
    );
    return c.json(answer, 200);
  })
  .openapi(requestGiftRoute, async (c) => {
    const { clientAddress, locale } = c.var;
    return c.json(await requestGift(c.var.ctx, authOf(c), { clientAddress, locale }), 200);
  });
