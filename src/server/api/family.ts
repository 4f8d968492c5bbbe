import { createRoute, z } from '@hono/zod-openapi';
import {
  familySchema,
  kidsSettingSchema,
  PIN_HEADER,
  pinChangeSchema,
  pinResetSchema,
  pinResetSentSchema,
  pinRulesSchema,
} from '../../shared/kids';
import { idParamSchema } from '../../shared/core';
import {
  changePin,
  changeRules,
  describeFamily,
  resetMainPin,
  sendPinResetCode,
  setKids,
} from '../users/family';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin } from './session';

/** The main PIN where the account's rules ask for it, sent in a header beside the form. */
const pinHeader = z.object({ [PIN_HEADER]: z.string().max(10).optional() });

const familyAnswer = {
  200: jsonContent(familySchema, 'The family settings as they are now'),
  ...errorResponses(401, 403, 404, 409, 422, 429),
};

const getFamilyRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['me'],
  summary: "Kids profiles, PINs and the account's PIN rules",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(familySchema, 'Family settings'), ...errorResponses(401) },
});

const kidsRoute = createRoute({
  method: 'post',
  path: '/profiles/{id}/kids',
  tags: ['me'],
  summary: 'Make a profile a kids profile with a maximum age rating, or an ordinary one again',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, headers: pinHeader, ...jsonBody(kidsSettingSchema) },
  responses: familyAnswer,
});

const pinRoute = createRoute({
  method: 'post',
  path: '/profiles/{id}/pin',
  tags: ['me'],
  summary: "Set (4 digits) or clear (null) a profile's PIN",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, headers: pinHeader, ...jsonBody(pinChangeSchema) },
  responses: familyAnswer,
});

const rulesRoute = createRoute({
  method: 'post',
  path: '/rules',
  tags: ['me'],
  summary: "What asks for the main profile's PIN: leaving a kids profile, editing profiles, buying",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { headers: pinHeader, ...jsonBody(pinRulesSchema) },
  responses: familyAnswer,
});

const resetSendRoute = createRoute({
  method: 'post',
  path: '/pin-reset/send',
  tags: ['me'],
  summary: "Forgotten PIN: send a login code to the account's phone or e-mail",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: {
    200: jsonContent(pinResetSentSchema, 'Code sent'),
    ...errorResponses(401, 403, 409, 429),
  },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/pin-reset',
  tags: ['me'],
  summary: 'Forgotten PIN: the login code sets a new PIN for the main profile',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(pinResetSchema),
  responses: familyAnswer,
});

/** /api/v1/me/family: kids profiles and PINs (issue 29; contract in src/shared/kids.ts). */
export const familyRoutes = createRouter()
  .openapi(getFamilyRoute, async (c) => c.json(await describeFamily(c.var.ctx, authOf(c)), 200))
  .openapi(kidsRoute, async (c) => {
    const pin = c.req.valid('header')[PIN_HEADER];
    const family = await setKids(c.var.ctx, authOf(c), c.req.valid('param').id, c.req.valid('json'), pin);
    return c.json(family, 200);
  })
  .openapi(pinRoute, async (c) => {
    const pin = c.req.valid('header')[PIN_HEADER];
    const { id } = c.req.valid('param');
    return c.json(await changePin(c.var.ctx, authOf(c), id, c.req.valid('json').pin, pin), 200);
  })
  .openapi(rulesRoute, async (c) => {
    const pin = c.req.valid('header')[PIN_HEADER];
    return c.json(await changeRules(c.var.ctx, authOf(c), c.req.valid('json'), pin), 200);
  })
  .openapi(resetSendRoute, async (c) => {
    const { ctx, clientAddress, locale } = c.var;
    const origin = {
      userAgent: c.req.header('user-agent'),
      clientAddress,
      country: ctx.geo.locate(clientAddress).country,
      locale,
    };
    return c.json({ remember_token: await sendPinResetCode(ctx, authOf(c), origin) }, 200);
  })
  .openapi(resetRoute, async (c) =>
    c.json(await resetMainPin(c.var.ctx, authOf(c), c.req.valid('json')), 200),
  );
