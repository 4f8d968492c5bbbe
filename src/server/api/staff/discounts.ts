import { idParamSchema } from '../../../shared/core';
import {
  discountCreateSchema,
  discountListQuerySchema,
  discountUpdateSchema,
  discountUsesQuerySchema,
  discountUsesSchema,
  staffDiscountSchema,
  staffDiscountsSchema,
} from '../../../shared/staff-payments';
import { createDiscount, discountUses, listDiscounts, updateDiscount } from '../../staff/discounts';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const listRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/discounts',
  summary: 'Discount codes, newest first (those containing q)',
  request: { query: discountListQuerySchema },
  responses: { 200: jsonContent(staffDiscountsSchema, 'Codes'), ...errorResponses(401, 403, 422) },
});

const createCodeRoute = staffRoute({
  roles: ['finance'],
  method: 'post',
  path: '/discounts',
  summary: 'A new discount code: a percentage or fixed amounts per currency, window, limits and scope',
  request: jsonBody(discountCreateSchema),
  responses: {
    201: jsonContent(staffDiscountSchema, 'Created'),
    ...errorResponses(401, 403, 409, 422),
  },
});

const updateRoute = staffRoute({
  roles: ['finance'],
  method: 'patch',
  path: '/discounts/{id}',
  summary: 'Pause or resume a code, move its window, change its limits',
  request: { params: idParamSchema, ...jsonBody(discountUpdateSchema) },
  responses: {
    200: jsonContent(staffDiscountSchema, 'Updated'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const usesRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/discounts/{id}/uses',
  summary: 'Who used a code, with which payment, newest first',
  request: { params: idParamSchema, query: discountUsesQuerySchema },
  responses: {
    200: jsonContent(discountUsesSchema, 'Uses'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const router = createRouter();
router.openapi(listRoute, async (c) => {
  const { q, page } = c.req.valid('query');
  return c.json(await listDiscounts(c.var.ctx.database.db, q, page), 200);
});
router.openapi(createCodeRoute, async (c) =>
  c.json(await createDiscount(c.var.ctx, c.var.user.id, c.req.valid('json')), 201),
);
router.openapi(updateRoute, async (c) =>
  c.json(await updateDiscount(c.var.ctx, c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
);
router.openapi(usesRoute, async (c) =>
  c.json(await discountUses(c.var.ctx.database.db, c.req.valid('param').id, c.req.valid('query').page), 200),
);

/** /api/v1/staff/discounts: discount codes (finance). */
export const staffDiscountRoutes = router;
