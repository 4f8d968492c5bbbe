import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { idParamSchema } from '../../shared/core';
import { translate } from '../../shared/messages';
import {
  commentPageSchema,
  commentStateSchema,
  favoritesSchema,
  favoriteToggledSchema,
  pageQuerySchema,
  postCommentSchema,
  reactionsSchema,
  type ReactionKind,
} from '../../shared/social';
import type { Authenticated } from '../auth/sessions';
import { listComments, postComment, toggleCommentReaction } from '../social/comments';
import { getFavorites, toggleFavorite } from '../social/favorites';
import { productReactionsOf, toggleProductReaction } from '../social/reactions';
import type { ApiEnv } from './env';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin, type LoggedInEnv } from './session';

/**
 * Reading routes anyone may call; a bearer token, when sent, must still be live (401 otherwise, as on
 * every other route), and then adds the viewer's own reactions.
 */
const optionalLogin: MiddlewareHandler<ApiEnv & { Variables: Partial<Authenticated> }> = (c, next) =>
  c.req.header('authorization') ? requireLogin(c as unknown as Context<ApiEnv & LoggedInEnv>, next) : next();

const getFavoritesRoute = createRoute({
  method: 'get',
  path: '/me/favorite',
  tags: ['social'],
  summary: "The selected profile's favorites, most recently added first",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(favoritesSchema, 'Favorites'), ...errorResponses(401, 409) },
});

const toggleFavoriteRoute = createRoute({
  method: 'post',
  path: '/me/favorite/{id}',
  tags: ['social'],
  summary: "Add the product to the selected profile's favorites, or remove it",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(favoriteToggledSchema, 'Favorites after the change'),
    ...errorResponses(401, 404, 409),
  },
});

const productReactionsRoute = createRoute({
  method: 'get',
  path: '/products/{id}/reactions',
  tags: ['social'],
  summary: "A title's likes and dislikes, and the viewer's own reaction when logged in",
  middleware: [optionalLogin] as const,
  request: { params: idParamSchema },
  responses: { 200: jsonContent(reactionsSchema, 'Reactions'), ...errorResponses(401, 404) },
});

/** POST /{products|comments}/{id}/{like|dislike}-toggle: four routes, one shape. */
function reactionToggleRoute(target: 'products' | 'comments', reaction: ReactionKind) {
  return createRoute({
    method: 'post',
    path: `/${target}/{id}/${reaction}-toggle`,
    tags: ['social'],
    summary: `Toggle the viewer's ${reaction} of a ${target === 'products' ? 'title' : 'comment'}; like and dislike exclusive`,
    security: bearerSecurity,
    middleware: [requireLogin] as const,
    request: { params: idParamSchema },
    responses: {
      200: jsonContent(reactionsSchema, 'Reactions after the toggle'),
      ...errorResponses(401, 404),
    },
  });
}

const listCommentsRoute = createRoute({
  method: 'get',
  path: '/products/{id}/comments',
  tags: ['social'],
  summary: "A title's approved comments, newest first, 10 a page, with replies one level deep",
  middleware: [optionalLogin] as const,
  request: { params: idParamSchema, query: pageQuerySchema },
  responses: { 200: jsonContent(commentPageSchema, 'Comments'), ...errorResponses(401, 404, 422) },
});

const postCommentRoute = createRoute({
  method: 'post',
  path: '/products/{id}/comments',
  tags: ['social'],
  summary: 'Comment on a title (or reply); it is published once staff approve it',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, ...jsonBody(postCommentSchema) },
  responses: {
    201: jsonContent(commentStateSchema, 'Stored, pending approval'),
    ...errorResponses(401, 404, 422, 429),
  },
});

const router = createRouter()
  .openapi(getFavoritesRoute, async (c) =>
    c.json(await getFavorites(c.var.ctx, authOf(c), c.var.locale), 200),
  )
  .openapi(toggleFavoriteRoute, async (c) => {
    const { added, ...list } = await toggleFavorite(
      c.var.ctx,
      authOf(c),
      c.req.valid('param').id,
      c.var.locale,
    );
    return c.json(
      { message: translate(added ? 'favorite_added' : 'favorite_removed', c.var.locale), ...list },
      200,
    );
  })
  .openapi(productReactionsRoute, async (c) =>
    c.json(await productReactionsOf(c.var.ctx, c.var.user?.id ?? null, c.req.valid('param').id), 200),
  )
  .openapi(listCommentsRoute, async (c) =>
    c.json(
      await listComments(
        c.var.ctx,
        c.var.user?.id ?? null,
        c.req.valid('param').id,
        c.req.valid('query').page,
      ),
      200,
    ),
  )
  .openapi(postCommentRoute, async (c) => {
    const comment = await postComment(c.var.ctx, authOf(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: translate('comment_pending', c.var.locale), comment }, 201);
  });

for (const reaction of ['like', 'dislike'] as const) {
  router
    .openapi(reactionToggleRoute('products', reaction), async (c) =>
      c.json(await toggleProductReaction(c.var.ctx, authOf(c), c.req.valid('param').id, reaction), 200),
    )
    .openapi(reactionToggleRoute('comments', reaction), async (c) =>
      c.json(await toggleCommentReaction(c.var.ctx, authOf(c), c.req.valid('param').id, reaction), 200),
    );
}

/** /api/v1 favorites, reactions and comments (contract in src/shared/social.ts). */
export const socialRoutes = router;
