import { createRoute } from '@hono/zod-openapi';
import { contactRequestSchema, contactResponseSchema } from '../../../shared/contact';
import { translate } from '../../../shared/messages';
import { contactRateLimit, submitContactMessage } from '../../core/contact';
import { rateLimit } from '../middleware';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';

const contactRoute = createRoute({
  method: 'post',
  path: '/contact',
  tags: ['core'],
  summary: 'Send a message to the support team (captcha from /core/captcha/flat)',
  middleware: [rateLimit(contactRateLimit)] as const,
  request: {
    body: { required: true, content: { 'application/json': { schema: contactRequestSchema } } },
  },
  responses: {
    200: jsonContent(contactResponseSchema, 'Stored; `message` acknowledges it in the request language'),
    ...errorResponses(400, 422, 429),
  },
});

export const contactRoutes = createRouter().openapi(contactRoute, async (c) => {
  const { locale, clientAddress } = c.var;
  const acknowledgement = await submitContactMessage(c.var.ctx, c.req.valid('json'), {
    locale,
    clientAddress,
  });
  return c.json({ message: translate(acknowledgement, locale) }, 200);
});
