import { z } from '@hono/zod-openapi';
import { idParamSchema } from '../../../shared/core';
import { translate, type MessageKey } from '../../../shared/messages';
import type { RefundStatus } from '../../../shared/staff-payments-constants';
import {
  paymentSearchSchema,
  paymentTotalsSchema,
  refundRequestSchema,
  reverseRequestSchema,
  staffPaymentActionSchema,
  staffPaymentDetailSchema,
  staffPaymentsSchema,
  totalsQuerySchema,
} from '../../../shared/staff-payments';
import { refundToWallet, reverseAtGateway } from '../../commerce/refunds';
import { receiptPdf } from '../../commerce/receipt-pdf';
import { receiptOf } from '../../commerce/receipts';
import { receiptSchema } from '../../../shared/receipts';
import { pdfResponse } from '../commerce';
import { paymentDetail, paymentTotals, searchPayments } from '../../staff/payments';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

/** Support may look payments up; only finance moves money. */
const lookup = ['finance', 'support'] as const;

const searchRoute = staffRoute({
  roles: lookup,
  method: 'get',
  path: '/payments',
  summary: 'Payments by reference, viewer, gateway, status, type and Iranian days, newest first',
  request: { query: paymentSearchSchema },
  responses: { 200: jsonContent(staffPaymentsSchema, 'Payments'), ...errorResponses(401, 403, 422) },
});

const totalsRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/payments/totals',
  summary: 'What came in and what was refunded, per Iranian day, gateway and currency',
  request: { query: totalsQuerySchema },
  responses: { 200: jsonContent(paymentTotalsSchema, 'Totals'), ...errorResponses(401, 403, 422) },
});

const detailRoute = staffRoute({
  roles: lookup,
  method: 'get',
  path: '/payments/{id}',
  summary: 'One payment: its viewer, timeline, refunds and what may still be refunded',
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(staffPaymentDetailSchema, 'The payment'),
    ...errorResponses(401, 403, 404),
  },
});

const refundRoute = staffRoute({
  roles: ['finance'],
  method: 'post',
  path: '/payments/{id}/refund',
  summary: 'Give part or all of what is left of a fulfilled payment back to the viewer’s wallet',
  request: { params: idParamSchema, ...jsonBody(refundRequestSchema) },
  responses: {
    200: jsonContent(staffPaymentActionSchema, 'Refunded'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const reverseRoute = staffRoute({
  roles: ['finance'],
  method: 'post',
  path: '/payments/{id}/reverse',
  summary: 'Ask the gateway to give the gateway part back to the card (asked again while it waits)',
  request: { params: idParamSchema, ...jsonBody(reverseRequestSchema) },
  responses: {
    200: jsonContent(staffPaymentActionSchema, 'The gateway’s answer'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const receiptRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/payments/{id}/receipt',
  summary: "A paid payment's receipt, as its buyer sees it (404 when not paid)",
  request: { params: idParamSchema },
  responses: { 200: jsonContent(receiptSchema, 'The receipt'), ...errorResponses(401, 403, 404) },
});

const receiptPdfRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/payments/{id}/receipt/pdf',
  summary: 'The same receipt as an A4 PDF, in the language asked for (Accept-Language)',
  request: { params: idParamSchema },
  responses: {
    200: { description: 'A4 PDF', content: { 'application/pdf': { schema: z.string() } } },
    ...errorResponses(401, 403, 404),
  },
});

const reversalMessage: Record<RefundStatus, MessageKey> = {
  done: 'reversal_done',
  refused: 'reversal_refused',
  requested: 'reversal_waiting',
};

const router = createRouter();
router.openapi(searchRoute, async (c) =>
  c.json(await searchPayments(c.var.ctx.database.db, c.req.valid('query'), c.var.locale), 200),
);
router.openapi(totalsRoute, async (c) => {
  const { from, to } = c.req.valid('query');
  return c.json(await paymentTotals(c.var.ctx.database.db, from, to), 200);
});
router.openapi(detailRoute, async (c) =>
  c.json(await paymentDetail(c.var.ctx, c.req.valid('param').id, c.var.locale), 200),
);
router.openapi(receiptRoute, async (c) =>
  c.json(await receiptOf(c.var.ctx, c.req.valid('param').id, null), 200),
);
router.openapi(receiptPdfRoute, async (c) => {
  const receipt = await receiptOf(c.var.ctx, c.req.valid('param').id, null);
  return pdfResponse(receipt.id, await receiptPdf(receipt, c.var.locale));
});
router.openapi(refundRoute, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  await refundToWallet(c.var.ctx, { userId: c.var.user.id }, id, {
    amount: body.amount,
    reason: body.reason,
    expectedRefunded: body.expected_refunded,
  });
  const detail = await paymentDetail(c.var.ctx, id, c.var.locale);
  return c.json({ message: translate('refund_done', c.var.locale), detail }, 200);
});
router.openapi(reverseRoute, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const refund = await reverseAtGateway(c.var.ctx, { userId: c.var.user.id }, id, {
    reason: body.reason,
    expectedRefunded: body.expected_refunded,
  });
  const detail = await paymentDetail(c.var.ctx, id, c.var.locale);
  return c.json({ message: translate(reversalMessage[refund.status], c.var.locale), detail }, 200);
});

/** /api/v1/staff/payments: lookup (finance, support), refunds and totals (finance). */
export const staffPaymentRoutes = router;
