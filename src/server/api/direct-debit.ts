import { createRoute, z } from '@hono/zod-openapi';
import { localPath } from '../../lib/locale';
import { PIN_HEADER } from '../../shared/kids';
import {
  directDebitContractSchema,
  directDebitSchema,
  signContractSchema,
  signingRedirectSchema,
} from '../../shared/direct-debit';
import {
  cancelContract,
  directDebitOf,
  handleContractCallback,
  startContract,
} from '../commerce/direct-debit';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin } from './session';

const ACCOUNT_PAGE = '/account/direct-debit';

const showRoute = createRoute({
  method: 'get',
  path: '/me/direct-debit',
  tags: ['commerce'],
  summary: "The viewer's direct-debit contract (Zarinpal Payman), the banks to sign with, a month's charge",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(directDebitSchema, 'Direct debit'), ...errorResponses(401, 403, 404) },
});

const signRoute = createRoute({
  method: 'post',
  path: '/me/direct-debit',
  tags: ['commerce'],
  summary:
    "Ask for a contract with the account's mobile (the one registered with the bank): `redirect` is the bank's signing page",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(signContractSchema),
  responses: {
    201: jsonContent(signingRedirectSchema, 'To the signing page'),
    ...errorResponses(401, 403, 404, 409, 422, 503),
  },
});

const cancelRoute = createRoute({
  method: 'delete',
  path: '/me/direct-debit',
  tags: ['commerce'],
  summary: 'Cancel the contract in force, at Zarinpal and here; renewals stop',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: {
    200: jsonContent(z.object({ contract: directDebitContractSchema }), 'Cancelled'),
    ...errorResponses(401, 403, 404, 503),
  },
});

const callbackRoute = createRoute({
  method: 'get',
  path: '/direct-debit/callback',
  tags: ['commerce'],
  summary: 'Where the bank returns the browser after signing (?payman_authority&status); 303 to the account',
  request: {
    query: z.object({ payman_authority: z.string().optional(), status: z.string().optional() }),
  },
  responses: { 303: { description: `To ${ACCOUNT_PAGE} (or /en${ACCOUNT_PAGE})` }, ...errorResponses(422) },
});

/** /api/v1 direct debit (src/shared/direct-debit.ts). */
export const directDebitRoutes = createRouter()
  .openapi(showRoute, async (c) => c.json(await directDebitOf(c.var.ctx, authOf(c).user.id), 200))
  .openapi(signRoute, async (c) => {
    const viewer = { userId: authOf(c).user.id, locale: c.var.locale, pin: c.req.header(PIN_HEADER) };
    return c.json(await startContract(c.var.ctx, viewer, c.req.valid('json').bank_code), 201);
  })
  .openapi(cancelRoute, async (c) =>
    c.json({ contract: await cancelContract(c.var.ctx, authOf(c).user.id) }, 200),
  )
  .openapi(callbackRoute, async (c) => {
    const locale = await handleContractCallback(c.var.ctx, c.req.query());
    return c.redirect(localPath(ACCOUNT_PAGE, locale ?? c.var.locale), 303);
  });
