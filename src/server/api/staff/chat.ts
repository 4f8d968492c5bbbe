import {
  chatMuteSchema,
  chatScreeningsSchema,
  chatReportsSchema,
  chatRoomChangeSchema,
  chatRoomStateSchema,
} from '../../../shared/chat';
import { messageResponseSchema } from '../../../shared/auth';
import { idParamSchema } from '../../../shared/core';
import { translate } from '../../../shared/messages';
import {
  chatScreenings,
  changeChatRoom,
  deleteChatMessage,
  muteChatViewer,
  reportedChatMessages,
} from '../../chat/room';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const deleteRoute = staffRoute({
  roles: ['moderator'],
  method: 'delete',
  path: '/chat-messages/{id}',
  summary: 'Delete a chat message: it disappears for every viewer at once',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(messageResponseSchema, 'Deleted'), ...errorResponses(401, 403, 404) },
});

const muteRoute = staffRoute({
  roles: ['moderator'],
  method: 'post',
  path: '/screenings/{id}/chat/mutes',
  summary: 'Mute a viewer in this screening’s chat',
  request: { params: idParamSchema, ...jsonBody(chatMuteSchema) },
  responses: { 200: jsonContent(messageResponseSchema, 'Muted'), ...errorResponses(401, 403, 404, 422) },
});

const roomRoute = staffRoute({
  roles: ['moderator'],
  method: 'patch',
  path: '/screenings/{id}/chat',
  summary: 'Close or open the chat, set its slow mode (seconds between two messages of a viewer)',
  request: { params: idParamSchema, ...jsonBody(chatRoomChangeSchema) },
  responses: { 200: jsonContent(chatRoomStateSchema, 'The room now'), ...errorResponses(401, 403, 404, 422) },
});

const reportsRoute = staffRoute({
  roles: ['moderator'],
  method: 'get',
  path: '/screenings/{id}/chat/reports',
  summary: 'Reported chat messages of a screening, most reported first',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(chatReportsSchema, 'Reported messages'), ...errorResponses(401, 403, 404) },
});

const screeningsRoute = staffRoute({
  roles: ['moderator'],
  method: 'get',
  path: '/chat/screenings',
  summary: 'Screenings whose chat staff may moderate: not over, starting within a week',
  responses: { 200: jsonContent(chatScreeningsSchema, 'Screenings'), ...errorResponses(401, 403) },
});

/** /api/v1/staff chat moderation (src/shared/chat.ts); each action is audited. */
export const staffChatRoutes = createRouter()
  .openapi(deleteRoute, async (c) => {
    await deleteChatMessage(c.var.ctx, c.var.user.id, c.req.valid('param').id);
    return c.json({ message: translate('chat_message_deleted', c.var.locale) }, 200);
  })
  .openapi(muteRoute, async (c) => {
    await muteChatViewer(c.var.ctx, c.var.user.id, c.req.valid('param').id, c.req.valid('json').user_id);
    return c.json({ message: translate('chat_viewer_muted', c.var.locale) }, 200);
  })
  .openapi(roomRoute, async (c) =>
    c.json(await changeChatRoom(c.var.ctx, c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(screeningsRoute, async (c) => c.json(await chatScreenings(c.var.ctx), 200))
  .openapi(reportsRoute, async (c) =>
    c.json(await reportedChatMessages(c.var.ctx, c.req.valid('param').id), 200),
  );
