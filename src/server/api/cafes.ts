import { createRoute } from '@hono/zod-openapi';
import {
  cafeDeskSchema,
  cafeProductsSchema,
  cafesQuerySchema,
  cafeSeatMapSchema,
  cafesSchema,
  cafeTicketsSchema,
  checkInRequestSchema,
  checkInSchema,
} from '../../shared/cafes';
import { currencyQuerySchema } from '../../shared/commerce';
import { idParamSchema } from '../../shared/core';
import { cafeProducts, listCafes } from '../cafes/catalogue';
import { cafeDesk, checkIn } from '../cafes/check-in';
import { sessionSeatMap } from '../cafes/seat-map';
import { ownCafeTickets } from '../cafes/tickets';
import { currencyOf } from './commerce';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin } from './session';

/**
 * /api/v1 cafes (src/shared/cafes.ts): the finder, a cafe's sessions and their seat maps, the viewer's
 * seats, the door.
 */

const cafesRoute = createRoute({
  method: 'get',
  path: '/cafes',
  tags: ['cafes'],
  summary: 'Cafes for group screenings, of a city and/or with an upcoming session of a title',
  request: { query: cafesQuerySchema },
  responses: { 200: jsonContent(cafesSchema, 'Cafes and the cities that have one'), ...errorResponses(422) },
});

const productsRoute = createRoute({
  method: 'get',
  path: '/cafes/{id}/get-products',
  tags: ['cafes'],
  summary: 'A cafe and its upcoming sessions: the title, time, seats left and the price per seat',
  request: { params: idParamSchema, query: currencyQuerySchema },
  responses: { 200: jsonContent(cafeProductsSchema, 'The cafe’s sessions'), ...errorResponses(404, 422) },
});

const seatMapRoute = createRoute({
  method: 'get',
  path: '/cafes/sessions/{id}/seats',
  tags: ['cafes'],
  summary: 'An upcoming session’s seat map: each numbered seat free, held or taken (never by whom)',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(cafeSeatMapSchema, 'The seat map'), ...errorResponses(404, 422) },
});

const ownTicketsRoute = createRoute({
  method: 'get',
  path: '/me/cafe-tickets',
  tags: ['cafes'],
  summary: 'The seats the account bought, one ticket each with its code and QR code',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(cafeTicketsSchema, 'Cafe tickets'), ...errorResponses(401, 403) },
});

const deskRoute = createRoute({
  method: 'get',
  path: '/cafe-desk',
  tags: ['cafes'],
  summary: 'Cafe staff: their cafe and the sessions its door may be checking in',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(cafeDeskSchema, 'The desk'), ...errorResponses(401, 403) },
});

const checkInRoute = createRoute({
  method: 'post',
  path: '/cafe-desk/check-in',
  tags: ['cafes'],
  summary:
    'Cafe staff: check a code in for a session, once; else already used (when, which door), another cafe or session, expired',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(checkInRequestSchema),
  responses: {
    200: jsonContent(checkInSchema, 'What the door is told'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const cafeRoutes = createRouter()
  .openapi(cafesRoute, async (c) => {
    const { city, product_id } = c.req.valid('query');
    return c.json(await listCafes(c.var.ctx, { city, productId: product_id }, c.var.locale), 200);
  })
  .openapi(productsRoute, async (c) => {
    const currency = currencyOf(c, c.req.valid('query').currency);
    return c.json(
      await cafeProducts(c.var.ctx, { id: c.req.valid('param').id }, currency, c.var.locale),
      200,
    );
  })
  .openapi(seatMapRoute, async (c) => c.json(await sessionSeatMap(c.var.ctx, c.req.valid('param').id), 200))
  .openapi(ownTicketsRoute, async (c) =>
    c.json(await ownCafeTickets(c.var.ctx, authOf(c).user.id, c.var.locale), 200),
  )
  .openapi(deskRoute, async (c) => c.json(await cafeDesk(c.var.ctx, authOf(c).user.id), 200))
  .openapi(checkInRoute, async (c) => {
    const staff = { userId: authOf(c).user.id, clientAddress: c.var.clientAddress };
    return c.json(await checkIn(c.var.ctx, staff, c.req.valid('json'), c.var.locale), 200);
  });
