import { createRoute } from '@hono/zod-openapi';
import { currencyQuerySchema } from '../../shared/commerce';
import { idParamSchema } from '../../shared/core';
import {
  addressesSchema,
  addressRequestSchema,
  canceledOrderSchema,
  cartLineRequestSchema,
  cartQuerySchema,
  cartSchema,
  deliveryMethodsSchema,
  shopOrdersSchema,
  shopProductSchema,
  shopProductsQuerySchema,
  shopProductsSchema,
} from '../../shared/shop';
import { translate } from '../../shared/messages';
import { addAddress, deleteAddress, listAddresses, updateAddress } from '../shop/addresses';
import { removeCartLine, setCartLine, viewCart, type CartOwner } from '../shop/cart';
import { deliveryMethodsFor } from '../shop/delivery';
import { goodsDetail, listGoods } from '../shop/goods';
import { cancelOwnOrder, ownOrders } from '../shop/orders';
import { currencyOf } from './commerce';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, optionalLogin, requireLogin } from './session';

/** /api/v1 shop (src/shared/shop.ts): goods, the cart, addresses, delivery methods and orders. */

const productsRoute = createRoute({
  method: 'get',
  path: '/shop/products',
  tags: ['shop'],
  summary: 'The goods on sale (of one category), in stock first, priced in one currency',
  request: { query: shopProductsQuerySchema },
  responses: { 200: jsonContent(shopProductsSchema, 'Goods'), ...errorResponses(422) },
});

const productRoute = createRoute({
  method: 'get',
  path: '/shop/products/{id}',
  tags: ['shop'],
  summary: 'One product: description, variants with price and what is left, related titles',
  request: { params: idParamSchema, query: currencyQuerySchema },
  responses: { 200: jsonContent(shopProductSchema, 'The product'), ...errorResponses(404, 422) },
});

const getCartRoute = createRoute({
  method: 'get',
  path: '/cart',
  tags: ['shop'],
  summary: 'The cart: the account’s (an anonymous `cart_id` is merged into it), else `cart_id`’s',
  security: bearerSecurity,
  middleware: [optionalLogin] as const,
  request: { query: cartQuerySchema },
  responses: { 200: jsonContent(cartSchema, 'The cart'), ...errorResponses(401, 422) },
});

const setLineRoute = createRoute({
  method: 'post',
  path: '/cart',
  tags: ['shop'],
  summary: 'Set the quantity of a product (variant) in the cart, opening a cart if needed',
  security: bearerSecurity,
  middleware: [optionalLogin] as const,
  request: jsonBody(cartLineRequestSchema),
  responses: { 200: jsonContent(cartSchema, 'The cart'), ...errorResponses(401, 404, 422) },
});

const removeLineRoute = createRoute({
  method: 'delete',
  path: '/cart/{id}',
  tags: ['shop'],
  summary: 'Remove a line (its `id`) from the cart',
  security: bearerSecurity,
  middleware: [optionalLogin] as const,
  request: { params: idParamSchema, query: cartQuerySchema },
  responses: { 200: jsonContent(cartSchema, 'The cart'), ...errorResponses(401, 404, 422) },
});

const deliveryRoute = createRoute({
  method: 'get',
  path: '/core/delivery-methods/{id}',
  tags: ['shop'],
  summary: 'Delivery methods that reach a province (id from /core/states), with cost and days',
  request: { params: idParamSchema, query: currencyQuerySchema },
  responses: { 200: jsonContent(deliveryMethodsSchema, 'Delivery methods'), ...errorResponses(404, 422) },
});

const listAddressesRoute = createRoute({
  method: 'get',
  path: '/me/addresses',
  tags: ['shop'],
  summary: "The account's addresses",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(addressesSchema, 'Addresses'), ...errorResponses(401, 403) },
});

const addAddressRoute = createRoute({
  method: 'post',
  path: '/me/addresses',
  tags: ['shop'],
  summary: 'Add an address; answers with the whole list',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(addressRequestSchema),
  responses: { 200: jsonContent(addressesSchema, 'Addresses'), ...errorResponses(401, 403, 422) },
});

const updateAddressRoute = createRoute({
  method: 'put',
  path: '/me/addresses/{id}',
  tags: ['shop'],
  summary: 'Change an address; answers with the whole list',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, ...jsonBody(addressRequestSchema) },
  responses: { 200: jsonContent(addressesSchema, 'Addresses'), ...errorResponses(401, 403, 404, 422) },
});

const deleteAddressRoute = createRoute({
  method: 'delete',
  path: '/me/addresses/{id}',
  tags: ['shop'],
  summary: 'Remove an address; answers with the whole list',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: { 200: jsonContent(addressesSchema, 'Addresses'), ...errorResponses(401, 403, 404, 422) },
});

const ordersRoute = createRoute({
  method: 'get',
  path: '/me/shop/orders',
  tags: ['shop'],
  summary: "The account's shop orders with items, address, delivery, amounts and history, newest first",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(shopOrdersSchema, 'Orders'), ...errorResponses(401, 403) },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/me/shop/orders/{id}/cancel',
  tags: ['shop'],
  summary: 'Cancel a Registred order: the goods return to stock and the total to the wallet',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(canceledOrderSchema, 'The canceled order'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

function cartOwner(user: { id: number } | undefined, key: string | undefined): CartOwner {
  return { userId: user?.id ?? null, key };
}

export const shopRoutes = createRouter()
  .openapi(productsRoute, async (c) => {
    const { category, currency } = c.req.valid('query');
    const resolved = currencyOf(c, currency);
    return c.json(
      {
        currency: resolved,
        products: await listGoods(c.var.ctx.database.db, { category, currency: resolved }),
      },
      200,
    );
  })
  .openapi(productRoute, async (c) =>
    c.json(
      await goodsDetail(
        c.var.ctx.database.db,
        c.req.valid('param').id,
        currencyOf(c, c.req.valid('query').currency),
      ),
      200,
    ),
  )
  .openapi(getCartRoute, async (c) => {
    const { cart_id, currency } = c.req.valid('query');
    return c.json(
      await viewCart(c.var.ctx.database.db, cartOwner(c.var.user, cart_id), currencyOf(c, currency)),
      200,
    );
  })
  .openapi(setLineRoute, async (c) => {
    const request = c.req.valid('json');
    const owner = cartOwner(c.var.user, request.cart_id);
    return c.json(
      await setCartLine(c.var.ctx.database.db, owner, request, currencyOf(c, request.currency)),
      200,
    );
  })
  .openapi(removeLineRoute, async (c) => {
    const { cart_id, currency } = c.req.valid('query');
    const owner = cartOwner(c.var.user, cart_id);
    return c.json(
      await removeCartLine(c.var.ctx.database.db, owner, c.req.valid('param').id, currencyOf(c, currency)),
      200,
    );
  })
  .openapi(deliveryRoute, async (c) => {
    const currency = currencyOf(c, c.req.valid('query').currency);
    const methods = await deliveryMethodsFor(c.var.ctx.database.db, c.req.valid('param').id, currency);
    return c.json({ currency, methods }, 200);
  })
  .openapi(listAddressesRoute, async (c) =>
    c.json({ addresses: await listAddresses(c.var.ctx.database.db, authOf(c).user.id) }, 200),
  )
  .openapi(addAddressRoute, async (c) =>
    c.json(
      { addresses: await addAddress(c.var.ctx.database.db, authOf(c).user.id, c.req.valid('json')) },
      200,
    ),
  )
  .openapi(updateAddressRoute, async (c) => {
    const { db } = c.var.ctx.database;
    const addresses = await updateAddress(
      db,
      authOf(c).user.id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ addresses }, 200);
  })
  .openapi(deleteAddressRoute, async (c) =>
    c.json(
      { addresses: await deleteAddress(c.var.ctx.database.db, authOf(c).user.id, c.req.valid('param').id) },
      200,
    ),
  )
  .openapi(ordersRoute, async (c) =>
    c.json({ orders: await ownOrders(c.var.ctx.database.db, authOf(c).user.id) }, 200),
  )
  .openapi(cancelRoute, async (c) => {
    const order = await cancelOwnOrder(c.var.ctx, authOf(c).user.id, c.req.valid('param').id);
    return c.json({ order, message: translate('order_canceled', c.var.locale) }, 200);
  });
