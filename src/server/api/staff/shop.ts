import { idParamSchema } from '../../../shared/core';
import {
  goodsRequestSchema,
  newGoodsRequestSchema,
  newVariantSchema,
  orderStatusRequestSchema,
  staffGoodsListSchema,
  staffGoodsQuerySchema,
  staffGoodsResponseSchema,
  staffOrderResponseSchema,
  staffOrdersQuerySchema,
  staffShopOrdersSchema,
  variantRequestSchema,
} from '../../../shared/staff-shop';
import { addVariant, createGoods, listStaffGoods, updateGoods, updateVariant } from '../../shop/staff-goods';
import { moveOrderAsStaff, ordersForStaff } from '../../shop/staff-orders';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

/** /api/v1/staff/shop (src/shared/staff-shop.ts): orders, goods and stock, for the `shop` role. */

const roles = ['shop'] as const;

const ordersRoute = staffRoute({
  roles,
  method: 'get',
  path: '/shop/orders',
  summary: 'Orders in one status (Registred by default), oldest first, 20 a page; `q`: order number or buyer',
  request: { query: staffOrdersQuerySchema },
  responses: { 200: jsonContent(staffShopOrdersSchema, 'Orders'), ...errorResponses(401, 403, 422) },
});

const statusRoute = staffRoute({
  roles,
  method: 'post',
  path: '/shop/orders/{id}/status',
  summary:
    'Move an order (Accepted, Rejected, Canceled; Delivered with a tracking number); the buyer is told',
  request: { params: idParamSchema, ...jsonBody(orderStatusRequestSchema) },
  responses: {
    200: jsonContent(staffOrderResponseSchema, 'The order'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const goodsListRoute = staffRoute({
  roles,
  method: 'get',
  path: '/shop/goods',
  summary: 'Every product with its variants, prices, stock and what payments hold, newest first',
  request: { query: staffGoodsQuerySchema },
  responses: { 200: jsonContent(staffGoodsListSchema, 'Goods'), ...errorResponses(401, 403, 422) },
});

const createGoodsRoute = staffRoute({
  roles,
  method: 'post',
  path: '/shop/goods',
  summary: 'A new product with its variants',
  request: jsonBody(newGoodsRequestSchema),
  responses: {
    200: jsonContent(staffGoodsResponseSchema, 'The product'),
    ...errorResponses(401, 403, 422),
  },
});

const updateGoodsRoute = staffRoute({
  roles,
  method: 'put',
  path: '/shop/goods/{id}',
  summary: 'Change a product’s names, descriptions, category, slug or whether it is on sale',
  request: { params: idParamSchema, ...jsonBody(goodsRequestSchema) },
  responses: {
    200: jsonContent(staffGoodsResponseSchema, 'The product'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const addVariantRoute = staffRoute({
  roles,
  method: 'post',
  path: '/shop/goods/{id}/variants',
  summary: 'Add a variant (a size, a format) with its prices and stock',
  request: { params: idParamSchema, ...jsonBody(newVariantSchema) },
  responses: {
    200: jsonContent(staffGoodsResponseSchema, 'The product'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const updateVariantRoute = staffRoute({
  roles,
  method: 'put',
  path: '/shop/variants/{id}',
  summary: 'Change a variant’s labels, prices and stock; 409 when the stock changed since `stock_was`',
  request: { params: idParamSchema, ...jsonBody(variantRequestSchema) },
  responses: {
    200: jsonContent(staffGoodsResponseSchema, 'The product'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

export const staffShopRoutes = createRouter()
  .openapi(ordersRoute, async (c) =>
    c.json(await ordersForStaff(c.var.ctx.database.db, c.req.valid('query')), 200),
  )
  .openapi(statusRoute, async (c) => {
    const { status, tracking_number } = c.req.valid('json');
    const answer = await moveOrderAsStaff(
      c.var.ctx,
      c.var.user.id,
      c.req.valid('param').id,
      { status, trackingNumber: tracking_number },
      c.var.locale,
    );
    return c.json(answer, 200);
  })
  .openapi(goodsListRoute, async (c) =>
    c.json(await listStaffGoods(c.var.ctx.database.db, c.req.valid('query')), 200),
  )
  .openapi(createGoodsRoute, async (c) =>
    c.json(await createGoods(c.var.ctx, c.var.user.id, c.req.valid('json'), c.var.locale), 200),
  )
  .openapi(updateGoodsRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateGoods(c.var.ctx, c.var.user.id, id, c.req.valid('json'), c.var.locale), 200);
  })
  .openapi(addVariantRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await addVariant(c.var.ctx, c.var.user.id, id, c.req.valid('json'), c.var.locale), 200);
  })
  .openapi(updateVariantRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateVariant(c.var.ctx, c.var.user.id, id, c.req.valid('json'), c.var.locale), 200);
  });
