import { createRoute, z } from '@hono/zod-openapi';
import {
  compeletRequestSchema,
  crossLoginCreateResponseSchema,
  crossLoginRequestSchema,
  initRequestSchema,
  initResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  resendCodeRequestSchema,
  resendCodeResponseSchema,
  resetPasswordRequestSchema,
  sessionOpenedSchema,
  tooManySessionsSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '../../shared/auth';
import { ATTRIBUTION_HEADER, parseAttribution } from '../../shared/growth';
import { translate } from '../../shared/messages';
import { idParamSchema } from '../../shared/core';
import { PIN_HEADER } from '../../shared/kids';
import { meResponseSchema } from '../../shared/users';
import { createCrossLogin, crossLogin, crossLoginLimit } from '../auth/cross-login';
import { completeSignup, initLogin, logIn, resendCode, resetPassword, verifyCode } from '../auth/login-flow';
import { logout } from '../auth/sessions';
import { defineRateLimit } from '../core/rate-limit';
import { selectProfileWithPin } from '../users/family';
import { rateLimit } from './middleware';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requestOrigin, requireLogin } from './session';

/** INIT tells whether an account has a password; bound how fast an address can ask. */
const initLimit = defineRateLimit({ name: 'auth-init', limit: 60, windowSeconds: 10 * 60 });

const tooManySessions = {
  409: jsonContent(
    tooManySessionsSchema,
    'Already 3 active devices: no token; retry naming one of `active_sessions` as `remove_session_id`',
  ),
};

const initRoute = createRoute({
  method: 'post',
  path: '/init',
  tags: ['auth'],
  summary: 'Start logging in with a mobile number or e-mail: LOGIN (has a password) or VERIFY (code sent)',
  middleware: [rateLimit(initLimit)] as const,
  request: jsonBody(initRequestSchema),
  responses: {
    200: jsonContent(initResponseSchema, 'The next step and the token naming this login'),
    ...errorResponses(403, 422, 429, 503),
  },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/resend-code',
  tags: ['auth'],
  summary: "Send a new code; with purpose 'forget' (or for an account with a password) to reset the password",
  request: jsonBody(resendCodeRequestSchema),
  responses: {
    200: jsonContent(resendCodeResponseSchema, 'Code sent; use the new remember_token'),
    ...errorResponses(403, 422, 429, 503),
  },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/verify',
  tags: ['auth'],
  summary: 'Check the 6-digit code: COMPLETE, FORGET_PASSWORD, or logged in (token, me)',
  request: jsonBody(verifyRequestSchema),
  responses: {
    200: jsonContent(verifyResponseSchema, 'The next step; token and me when a session was opened'),
    ...tooManySessions,
    ...errorResponses(422),
  },
});

const compeletRoute = createRoute({
  method: 'post',
  path: '/compelet',
  tags: ['auth'],
  summary: 'Create the verified account (name, password, terms) and log in',
  request: jsonBody(compeletRequestSchema),
  responses: {
    200: jsonContent(sessionOpenedSchema, 'Account created and logged in'),
    ...errorResponses(409, 422),
  },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/login',
  tags: ['auth'],
  summary: 'Log in with user name and password',
  request: jsonBody(loginRequestSchema),
  responses: {
    200: jsonContent(sessionOpenedSchema, 'Logged in'),
    ...tooManySessions,
    ...errorResponses(422, 429),
  },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/reset-password',
  tags: ['auth'],
  summary: 'Set a new password after a verified forgot-password code, and log in',
  request: jsonBody(resetPasswordRequestSchema),
  responses: {
    200: jsonContent(sessionOpenedSchema, 'Password changed and logged in'),
    ...tooManySessions,
    ...errorResponses(422),
  },
});

const selectProfileRoute = createRoute({
  method: 'post',
  path: '/select-profile/{id}',
  tags: ['auth'],
  summary: 'Choose who is watching on this device',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, headers: z.object({ [PIN_HEADER]: z.string().max(10).optional() }) },
  responses: {
    200: jsonContent(meResponseSchema, 'The user with the selected profile'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

const crossLoginCreateRoute = createRoute({
  method: 'post',
  path: '/cross-login/create',
  tags: ['auth'],
  summary: 'A one-time code (and QR) that logs another device into this account',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: {
    200: jsonContent(crossLoginCreateResponseSchema, 'Code valid for expires_in seconds, once'),
    ...errorResponses(401),
  },
});

const crossLoginRoute = createRoute({
  method: 'post',
  path: '/cross-login',
  tags: ['auth'],
  summary: 'Log this device in with a code shown on a logged-in device',
  middleware: [rateLimit(crossLoginLimit)] as const,
  request: jsonBody(crossLoginRequestSchema),
  responses: {
    200: jsonContent(sessionOpenedSchema, 'Logged in'),
    ...tooManySessions,
    ...errorResponses(422, 429),
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  tags: ['auth'],
  summary: "End this device's session; its token stops working",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: {
    200: jsonContent(messageResponseSchema, 'Logged out'),
    ...errorResponses(401),
  },
});

/** /api/v1/auth: the login state machine of SPEC §4 (contract in src/shared/auth.ts). */
export const authRoutes = createRouter()
  .openapi(initRoute, async (c) =>
    c.json(await initLogin(c.var.ctx, c.req.valid('json').user_name, requestOrigin(c)), 200),
  )
  .openapi(resendRoute, async (c) => {
    const body = c.req.valid('json');
    const token = await resendCode(
      c.var.ctx,
      { userName: body.user_name, rememberToken: body.remember_token, forget: body.purpose === 'forget' },
      requestOrigin(c),
    );
    return c.json({ next: 'VERIFY' as const, remember_token: token }, 200);
  })
  .openapi(verifyRoute, async (c) => {
    const body = c.req.valid('json');
    const result = await verifyCode(
      c.var.ctx,
      {
        userName: body.user_name,
        code: body.code,
        rememberToken: body.remember_token,
        removeSessionId: body.remove_session_id,
      },
      requestOrigin(c),
    );
    return c.json(result, 200);
  })
  .openapi(compeletRoute, async (c) => {
    const body = c.req.valid('json');
    const opened = await completeSignup(
      c.var.ctx,
      {
        rememberToken: body.remember_token,
        name: body.name,
        password: body.password,
        attribution: parseAttribution(c.req.header(ATTRIBUTION_HEADER)),
      },
      requestOrigin(c),
    );
    return c.json(opened, 200);
  })
  .openapi(loginRoute, async (c) => {
    const body = c.req.valid('json');
    const opened = await logIn(
      c.var.ctx,
      { userName: body.user_name, password: body.password, removeSessionId: body.remove_session_id },
      requestOrigin(c),
    );
    return c.json(opened, 200);
  })
  .openapi(resetRoute, async (c) => {
    const body = c.req.valid('json');
    const opened = await resetPassword(
      c.var.ctx,
      { rememberToken: body.remember_token, password: body.password },
      requestOrigin(c),
    );
    return c.json(opened, 200);
  })
  .openapi(selectProfileRoute, async (c) =>
    c.json(
      {
        me: await selectProfileWithPin(
          c.var.ctx,
          authOf(c),
          c.req.valid('param').id,
          c.req.valid('header')[PIN_HEADER],
        ),
      },
      200,
    ),
  )
  .openapi(crossLoginCreateRoute, async (c) => {
    const code = await createCrossLogin(c.var.ctx, authOf(c));
    return c.json({ s_id: code.sId, qr: code.qr, expires_in: code.expiresIn }, 200);
  })
  .openapi(crossLoginRoute, async (c) => {
    const body = c.req.valid('json');
    const opened = await crossLogin(
      c.var.ctx,
      { sId: body.s_id, removeSessionId: body.remove_session_id },
      requestOrigin(c),
    );
    return c.json(opened, 200);
  })
  .openapi(logoutRoute, async (c) => {
    await logout(c.var.ctx, authOf(c));
    return c.json({ message: translate('logged_out', c.var.locale) }, 200);
  });
