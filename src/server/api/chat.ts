import { createRoute, z } from '@hono/zod-openapi';
import {
  chatReplayQuerySchema,
  chatReplaySchema,
  chatRoomSchema,
  chatMessageSchema,
  postChatMessageSchema,
} from '../../shared/chat';
import { messageResponseSchema } from '../../shared/auth';
import { idParamSchema } from '../../shared/core';
import { translate } from '../../shared/messages';
import { CHAT_STREAM_HEADERS, followChat } from '../chat/stream';
import { assertChatReader, openChat, postChatMessage, replayChat, reportChatMessage } from '../chat/room';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin } from './session';

const openRoute = createRoute({
  method: 'get',
  path: '/screenings/{id}/chat',
  tags: ['chat'],
  summary:
    "A screening's chat: its state, last 50 messages and what the viewer may do (ticket holders, moderators)",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: { 200: jsonContent(chatRoomSchema, 'The room'), ...errorResponses(401, 403, 404) },
});

const postRoute = createRoute({
  method: 'post',
  path: '/screenings/{id}/chat',
  tags: ['chat'],
  summary:
    'Write in the chat (until the screening ends; rate limit and slow mode answer 429 with Retry-After)',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, ...jsonBody(postChatMessageSchema) },
  responses: {
    201: jsonContent(chatMessageSchema, 'The message, as every viewer receives it'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

const reportRoute = createRoute({
  method: 'post',
  path: '/chat-messages/{id}/report',
  tags: ['chat'],
  summary: 'Report a chat message to the moderators (once per viewer)',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(messageResponseSchema, 'Reported'),
    ...errorResponses(401, 403, 404),
  },
});

const replayRoute = createRoute({
  method: 'get',
  path: '/screenings/{id}/chat/replay',
  tags: ['chat'],
  summary: 'The chat with each message at its offset (seconds) from the screening start, up to `until`',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema, query: chatReplayQuerySchema },
  responses: { 200: jsonContent(chatReplaySchema, 'Messages'), ...errorResponses(401, 403, 404, 422) },
});

const router = createRouter()
  .openapi(openRoute, async (c) => c.json(await openChat(c.var.ctx, authOf(c), c.req.valid('param').id), 200))
  .openapi(postRoute, async (c) =>
    c.json(
      await postChatMessage(c.var.ctx, authOf(c), c.req.valid('param').id, c.req.valid('json').body),
      201,
    ),
  )
  .openapi(reportRoute, async (c) => {
    await reportChatMessage(c.var.ctx, authOf(c), c.req.valid('param').id);
    return c.json({ message: translate('chat_reported', c.var.locale) }, 200);
  })
  .openapi(replayRoute, async (c) =>
    c.json(await replayChat(c.var.ctx, authOf(c), c.req.valid('param').id, c.req.valid('query').until), 200),
  );

/**
 * The live stream: server-sent events read with fetch (the token goes in the Authorization header,
 * which EventSource cannot send). Behind server.mjs, a stream the viewer may open is answered before
 * this route, by src/server/web/chat-door.ts; this route answers the refusals, and the streams in
 * astro dev and the API tests.
 */
const streamRoute = createRoute({
  method: 'get',
  path: '/screenings/{id}/chat/stream',
  tags: ['chat'],
  summary: 'Server-sent events of the chat: message, deleted ({ id }), room (state)',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: {
    200: { description: 'An endless event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

router.openapi(streamRoute, async (c) => {
  const { id } = c.req.valid('param');
  const ctx = c.var.ctx;
  await assertChatReader(ctx, authOf(c), id);
  let stop = () => {};
  // highWaterMark 0: desiredSize is minus the bytes the reader has not taken yet.
  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        stop = await followChat(ctx, id, {
          queued: () => -(controller.desiredSize ?? 0),
          write: (chunk) => controller.enqueue(chunk),
          abort: () => controller.error(new Error('chat reader too far behind')),
        });
        c.req.raw.signal.addEventListener('abort', () => stop());
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, { headers: CHAT_STREAM_HEADERS });
});

/** /api/v1 screening chat (contract in src/shared/chat.ts). */
export const chatRoutes = router;
