import { idParamSchema } from '../../../shared/core';
import { translate } from '../../../shared/messages';
import {
  contactInboxSchema,
  contactItemResponseSchema,
  inboxQuerySchema,
  inboxUpdateSchema,
  reportInboxSchema,
  reportItemResponseSchema,
} from '../../../shared/staff-inboxes';
import { contactInbox, reportInbox, updateContactItem, updateReportItem } from '../../staff/inboxes';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const contactListRoute = staffRoute({
  roles: ['support'],
  method: 'get',
  path: '/inbox/contact',
  summary: 'Contact messages in one status (default: not done), oldest first, 20 a page',
  request: { query: inboxQuerySchema },
  responses: { 200: jsonContent(contactInboxSchema, 'Contact messages'), ...errorResponses(401, 403, 422) },
});

const contactUpdateRoute = staffRoute({
  roles: ['support'],
  method: 'post',
  path: '/inbox/contact/{id}',
  summary: "Set a contact message's status and/or internal note; audited as contact.update",
  request: { params: idParamSchema, ...jsonBody(inboxUpdateSchema) },
  responses: {
    200: jsonContent(contactItemResponseSchema, 'The message after the change'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const reportListRoute = staffRoute({
  roles: ['moderator', 'support'],
  method: 'get',
  path: '/inbox/player-reports',
  summary: 'Player problem reports in one status (default: not done), oldest first, 20 a page',
  request: { query: inboxQuerySchema },
  responses: { 200: jsonContent(reportInboxSchema, 'Player reports'), ...errorResponses(401, 403, 422) },
});

const reportUpdateRoute = staffRoute({
  roles: ['moderator', 'support'],
  method: 'post',
  path: '/inbox/player-reports/{id}',
  summary: "Set a player report's status and/or internal note; audited as player_report.update",
  request: { params: idParamSchema, ...jsonBody(inboxUpdateSchema) },
  responses: {
    200: jsonContent(reportItemResponseSchema, 'The report after the change'),
    ...errorResponses(401, 403, 404, 422),
  },
});

/** /api/v1/staff/inbox: contact messages (support) and player reports (moderator, support). */
export const staffInboxRoutes = createRouter()
  .openapi(contactListRoute, async (c) => {
    const { status, page } = c.req.valid('query');
    return c.json(await contactInbox(c.var.ctx.database.db, status, page), 200);
  })
  .openapi(contactUpdateRoute, async (c) => {
    const item = await updateContactItem(
      c.var.ctx,
      c.var.user.id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ message: translate('inbox_item_updated', c.var.locale), item }, 200);
  })
  .openapi(reportListRoute, async (c) => {
    const { status, page } = c.req.valid('query');
    return c.json(await reportInbox(c.var.ctx.database.db, status, page), 200);
  })
  .openapi(reportUpdateRoute, async (c) => {
    const item = await updateReportItem(
      c.var.ctx,
      c.var.user.id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ message: translate('inbox_item_updated', c.var.locale), item }, 200);
  });
