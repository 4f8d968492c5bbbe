import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { localPath } from '../../lib/locale';
import { idParamSchema } from '../../shared/core';
import { ATTRIBUTION_HEADER, parseAttribution } from '../../shared/growth';
import { PIN_HEADER } from '../../shared/kids';
import {
  createdPaymentSchema,
  currencyQuerySchema,
  gatewayParamSchema,
  gatewaysResponseSchema,
  ordersQuerySchema,
  ordersSchema,
  packagesResponseSchema,
  paymentRequestSchema,
  paymentCheckQuerySchema,
  paymentResponseSchema,
  purchaseInfoSchema,
  quoteRequestSchema,
  quoteSchema,
  walletSchema,
  type Currency,
} from '../../shared/commerce';
import {
  activePackages,
  currencyFor,
  gatewayChoice,
  purchaseInfo,
  type PurchaseEndpoint,
} from '../commerce/offers';
import { ownPayments } from '../commerce/payment-records';
import { receiptPdf } from '../commerce/receipt-pdf';
import { receiptOf } from '../commerce/receipts';
import { receiptSchema } from '../../shared/receipts';
import { handleCallback, quotePayment, startPayment, viewPayment, type Buyer } from '../commerce/payments';
import { walletOf } from '../commerce/wallet';
import type { ApiEnv } from './env';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, optionalLogin, requireLogin, type LoggedInEnv } from './session';

export function currencyOf(c: Context<ApiEnv>, asked: Currency | undefined): Currency {
  return currencyFor(c.var.ctx, asked, c.var.clientAddress);
}

function buyerOf(c: Context<ApiEnv & LoggedInEnv>): Buyer {
  const { user } = authOf(c);
  return {
    userId: user.id,
    phone: user.phone,
    email: user.email,
    clientAddress: c.var.clientAddress,
    locale: c.var.locale,
    attribution: parseAttribution(c.req.header(ATTRIBUTION_HEADER)),
    profileId: c.var.session.profileId,
    pin: c.req.header(PIN_HEADER),
  };
}

const gatewaysRoute = createRoute({
  method: 'get',
  path: '/core/gateways',
  tags: ['commerce'],
  summary: 'The payment gateways that take a currency (the asked one, else the visitor’s)',
  request: { query: currencyQuerySchema },
  responses: { 200: jsonContent(gatewaysResponseSchema, 'Gateways'), ...errorResponses(422) },
});

const packagesRoute = createRoute({
  method: 'get',
  path: '/core/packages',
  tags: ['commerce'],
  summary: 'Subscription packages with prices in one currency',
  request: { query: currencyQuerySchema },
  responses: { 200: jsonContent(packagesResponseSchema, 'Packages'), ...errorResponses(422) },
});

function purchaseInfoRoute(path: string, what: string) {
  return createRoute({
    method: 'get',
    path,
    tags: ['commerce'],
    summary: `What can be bought for ${what}: prices, VAT, packages, the viewer's wallet (login optional)`,
    security: bearerSecurity,
    middleware: [optionalLogin] as const,
    request: { params: idParamSchema, query: currencyQuerySchema },
    responses: {
      200: jsonContent(purchaseInfoSchema, 'Purchase options'),
      410: jsonContent(z.object({ message: z.string() }), 'The screening has ended'),
      ...errorResponses(401, 403, 404, 422),
    },
  });
}

const quoteRoute = createRoute({
  method: 'post',
  path: '/payments/quote',
  tags: ['commerce'],
  summary: 'Price lines of a purchase; a discount code is checked (422 with the reason when refused)',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(quoteRequestSchema),
  responses: {
    200: jsonContent(quoteSchema, 'Price lines'),
    410: jsonContent(z.object({ message: z.string() }), 'The screening has ended'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const startRoute = createRoute({
  method: 'post',
  path: '/payments',
  tags: ['commerce'],
  summary: 'Start a payment: `redirect` leads to the gateway, null when the wallet paid it all',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(paymentRequestSchema),
  responses: {
    201: jsonContent(createdPaymentSchema, 'Payment started (or fulfilled)'),
    410: jsonContent(z.object({ message: z.string() }), 'The screening has ended'),
    ...errorResponses(401, 403, 404, 409, 422, 503),
  },
});

const paymentRoute = createRoute({
  method: 'get',
  path: '/payments/{id}',
  tags: ['commerce'],
  summary: "A payment's status, for its owner only",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, query: paymentCheckQuerySchema },
  responses: { 200: jsonContent(paymentResponseSchema, 'The payment'), ...errorResponses(401, 404, 422) },
});

function callbackRoute(method: 'get' | 'post') {
  return createRoute({
    method,
    path: '/payments/callback/{gateway}',
    tags: ['commerce'],
    summary: `Where the gateway returns the browser (${method.toUpperCase()}); 303 to the result page`,
    request: { params: gatewayParamSchema },
    responses: { 303: { description: 'To /payments/{id} (or /en/payments/{id})' }, ...errorResponses(422) },
  });
}

const ordersRoute = createRoute({
  method: 'get',
  path: '/me/orders',
  tags: ['commerce'],
  summary: "The account's payments (purchase records), newest first",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { query: ordersQuerySchema },
  responses: { 200: jsonContent(ordersSchema, 'Payments'), ...errorResponses(401, 403, 422) },
});

const receiptRoute = createRoute({
  method: 'get',
  path: '/me/orders/{id}/receipt',
  tags: ['commerce'],
  summary: "A paid payment's receipt, for its buyer only (404 for anyone else's, 404 when not paid)",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: { 200: jsonContent(receiptSchema, 'The receipt'), ...errorResponses(401, 403, 404, 422) },
});

const receiptPdfRoute = createRoute({
  method: 'get',
  path: '/me/orders/{id}/receipt/pdf',
  tags: ['commerce'],
  summary: 'The same receipt as an A4 PDF, in the language asked for (Accept-Language)',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: {
    200: { description: 'A4 PDF', content: { 'application/pdf': { schema: z.string() } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

const walletRoute = createRoute({
  method: 'get',
  path: '/me/wallet',
  tags: ['commerce'],
  summary: 'Wallet balances per currency and the ledger lines of the wallet',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(walletSchema, 'Wallet'), ...errorResponses(401, 403) },
});

/** A receipt's PDF, to be saved (never cached: it is personal). */
export function pdfResponse(id: number, pdf: Buffer): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt-${id}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

const purchaseEndpoints: [string, PurchaseEndpoint, string][] = [
  ['/purchase-info/{id}', 'title', 'a film, series or music title'],
  ['/live-purchase-info/{id}', 'live', 'an online screening'],
  ['/festival-purchase-info/{id}', 'festival', 'a festival'],
];

async function callbackParams(c: Context<ApiEnv>): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  if (c.req.method === 'POST') {
    for (const [key, value] of Object.entries(await c.req.parseBody())) {
      if (typeof value === 'string') params[key] = value;
    }
  }
  return params;
}

const router = createRouter()
  .openapi(gatewaysRoute, (c) =>
    c.json(gatewayChoice(c.var.ctx, c.req.valid('query').currency, c.var.clientAddress), 200),
  )
  .openapi(packagesRoute, async (c) => {
    const currency = currencyOf(c, c.req.valid('query').currency);
    return c.json({ currency, packages: await activePackages(c.var.ctx.database.db, currency) }, 200);
  })
  .openapi(quoteRoute, async (c) =>
    c.json(await quotePayment(c.var.ctx, buyerOf(c), c.req.valid('json')), 200),
  )
  .openapi(startRoute, async (c) =>
    c.json(await startPayment(c.var.ctx, buyerOf(c), c.req.valid('json')), 201),
  )
  .openapi(paymentRoute, async (c) => {
    const payment = await viewPayment(
      c.var.ctx,
      authOf(c).user.id,
      c.req.valid('param').id,
      c.var.locale,
      c.req.valid('query').check === '1',
    );
    return c.json({ payment }, 200);
  })
  .openapi(ordersRoute, async (c) =>
    c.json(
      await ownPayments(c.var.ctx.database.db, authOf(c).user.id, c.req.valid('query'), c.var.locale),
      200,
    ),
  )
  .openapi(receiptRoute, async (c) =>
    c.json(await receiptOf(c.var.ctx, c.req.valid('param').id, authOf(c).user.id), 200),
  )
  .openapi(receiptPdfRoute, async (c) => {
    const receipt = await receiptOf(c.var.ctx, c.req.valid('param').id, authOf(c).user.id);
    return pdfResponse(receipt.id, await receiptPdf(receipt, c.var.locale));
  })
  .openapi(walletRoute, async (c) => c.json(await walletOf(c.var.ctx.database.db, authOf(c).user.id), 200));

for (const [path, endpoint, what] of purchaseEndpoints) {
  router.openapi(purchaseInfoRoute(path, what), async (c) => {
    const viewer = {
      userId: c.var.user?.id ?? null,
      clientAddress: c.var.clientAddress,
      currency: currencyOf(c, c.req.valid('query').currency),
    };
    return c.json(await purchaseInfo(c.var.ctx, endpoint, c.req.valid('param').id, viewer), 200);
  });
}

for (const method of ['get', 'post'] as const) {
  router.openapi(callbackRoute(method), async (c) => {
    const settled = await handleCallback(c.var.ctx, c.req.valid('param').gateway, await callbackParams(c));
    const page = settled ? `/payments/${settled.id}` : '/account/purchases';
    return c.redirect(localPath(page, settled?.locale ?? c.var.locale), 303);
  });
}

/** /api/v1 commerce: gateways, packages, purchase info, payments, orders and the wallet (src/shared/commerce.ts). */
export const commerceRoutes = router;
