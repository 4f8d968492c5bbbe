import { idParamSchema } from '../../../shared/core';
import {
  settlementInquiryRequestSchema,
  settlementOverviewSchema,
  settlementRunSchema,
  settlementStatementFormSchema,
} from '../../../shared/settlement';
import { invalidFields } from '../../errors';
import {
  settleByInquiry,
  settleByStatement,
  settlementOverview,
  settlementRun,
} from '../../finance/settlement';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

/** Gateway settlement is finance's (admin passes every staff check). */
const roles = ['finance'] as const;

const overviewRoute = staffRoute({
  roles,
  method: 'get',
  path: '/settlement',
  summary: 'The gateways this server takes money through and the latest settlement comparisons',
  responses: { 200: jsonContent(settlementOverviewSchema, 'Overview'), ...errorResponses(401, 403) },
});

const inquiryRoute = staffRoute({
  roles,
  method: 'post',
  path: '/settlement/inquiry',
  summary: 'Compare a day or Solar Hijri month of payments with the gateway’s inquiry API',
  request: jsonBody(settlementInquiryRequestSchema),
  responses: {
    200: jsonContent(settlementRunSchema, 'The comparison'),
    ...errorResponses(401, 403, 409, 422, 503),
  },
});

const statementRoute = staffRoute({
  roles,
  method: 'post',
  path: '/settlement/statements',
  summary: 'Compare a day or Solar Hijri month of payments with the gateway’s uploaded statement (CSV)',
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: settlementStatementFormSchema } } },
  },
  responses: {
    200: jsonContent(settlementRunSchema, 'The comparison'),
    ...errorResponses(401, 403, 413, 422),
  },
});

const runRoute = staffRoute({
  roles,
  method: 'get',
  path: '/settlement/runs/{id}',
  summary: 'One earlier settlement comparison',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(settlementRunSchema, 'The comparison'), ...errorResponses(401, 403, 404) },
});

/** A period is one day or one Solar Hijri month, never both or neither. */
function periodOf(body: { day?: string | undefined; month?: string | undefined }) {
  if ((body.day === undefined) === (body.month === undefined))
    throw invalidFields({ day: 'settlement_period' });
  return { day: body.day, month: body.month };
}

const router = createRouter();
router.openapi(overviewRoute, async (c) => c.json(await settlementOverview(c.var.ctx), 200));
router.openapi(inquiryRoute, async (c) => {
  const body = c.req.valid('json');
  const run = await settleByInquiry(c.var.ctx, { userId: c.var.user.id }, body.gateway, periodOf(body));
  return c.json(run, 200);
});
router.openapi(statementRoute, async (c) => {
  const form = c.req.valid('form');
  const run = await settleByStatement(c.var.ctx, { userId: c.var.user.id }, form.gateway, periodOf(form), {
    name: form.file.name,
    text: await form.file.text(),
  });
  return c.json(run, 200);
});
router.openapi(runRoute, async (c) =>
  c.json(await settlementRun(c.var.ctx.database.db, c.req.valid('param').id), 200),
);

/** /api/v1/staff/settlement: gateway settlement (finance). */
export const staffSettlementRoutes = router;
