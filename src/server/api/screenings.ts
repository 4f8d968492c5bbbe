import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/core';
import { calendarQuerySchema, reminderStateSchema } from '../../shared/screenings';
import { screeningCalendar } from '../screenings/calendar';
import { askReminder, cancelReminder, reminderOf } from '../screenings/reminders';
import { errorResponses, jsonContent } from './openapi';
import { createRouter } from './router';
import { bearerSecurity, requireLogin } from './session';

function reminderRoute(method: 'get' | 'put' | 'delete', summary: string) {
  return createRoute({
    method,
    path: '/screenings/{id}/reminder',
    tags: ['screenings'],
    summary,
    security: bearerSecurity,
    middleware: [requireLogin] as const,
    request: { params: idParamSchema },
    responses: {
      200: jsonContent(reminderStateSchema, 'Whether a reminder is asked, and when it goes out'),
      ...errorResponses(401, 404, ...(method === 'put' ? ([409] as const) : [])),
    },
  });
}

const calendarRoute = createRoute({
  method: 'get',
  path: '/screenings/{id}/calendar.ics',
  tags: ['screenings'],
  summary: 'The screening as an iCalendar file (RFC 5545), in Tehran time, in the language asked',
  request: { params: idParamSchema, query: calendarQuerySchema },
  responses: {
    200: { description: 'text/calendar', content: { 'text/calendar': { schema: { type: 'string' } } } },
    ...errorResponses(404, 422),
  },
});

/** Screenings as events (issue 30): "Remind me" and the calendar file. */
export const screeningRoutes = createRouter()
  .openapi(reminderRoute('get', "The viewer's reminder of a screening"), async (c) => {
    return c.json(await reminderOf(c.var.ctx, c.var.user.id, c.req.valid('param').id), 200);
  })
  .openapi(
    reminderRoute('put', 'Remind me: an SMS or e-mail before the start (409 once it has started)'),
    async (c) => {
      const { ctx, user, locale } = c.var;
      return c.json(await askReminder(ctx, user.id, c.req.valid('param').id, locale), 200);
    },
  )
  .openapi(reminderRoute('delete', 'No longer remind me'), async (c) => {
    return c.json(await cancelReminder(c.var.ctx, c.var.user.id, c.req.valid('param').id), 200);
  })
  .openapi(calendarRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { lang } = c.req.valid('query');
    const text = await screeningCalendar(c.var.ctx, id, lang);
    return c.body(text, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="screening-${id}.ics"`,
    });
  });
