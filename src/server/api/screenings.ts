import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/core';
import { calendarQuerySchema, reminderStateSchema, waitingSchema } from '../../shared/screenings';
import { screeningCalendar } from '../screenings/calendar';
import { notePresence, waitingCount } from '../screenings/presence';
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

const waitingRoute = createRoute({
  method: 'get',
  path: '/screenings/{id}/waiting',
  tags: ['screenings'],
  summary: 'How many ticket holders have the waiting room open (a few seconds old at most)',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(waitingSchema, 'The count'), ...errorResponses(422) },
});

const presenceRoute = createRoute({
  method: 'post',
  path: '/screenings/{id}/presence',
  tags: ['screenings'],
  summary: "The viewer's waiting room is open (counted when the viewer holds a ticket); answers the count",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: { 200: jsonContent(waitingSchema, 'The count'), ...errorResponses(401, 422) },
});

/** Screenings as events (issue 30): "Remind me", the calendar file and the waiting room's count. */
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
  .openapi(waitingRoute, async (c) => {
    const waiting = await waitingCount(c.var.ctx, c.req.valid('param').id);
    return c.json({ waiting, now: c.var.ctx.clock.now().getTime() }, 200);
  })
  .openapi(presenceRoute, async (c) => {
    const waiting = await notePresence(c.var.ctx, c.var.user.id, c.req.valid('param').id);
    return c.json({ waiting, now: c.var.ctx.clock.now().getTime() }, 200);
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
