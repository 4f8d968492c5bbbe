import { translate } from '../../../shared/messages';
import { grantRequestSchema, grantResultSchema } from '../../../shared/playback';
import { grantAccess } from '../../staff/grants';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const grantRoute = staffRoute({
  roles: ['support', 'finance'],
  method: 'post',
  path: '/grants',
  summary: 'Grant a subscription, a title or a ticket without a payment (scripts/grant.mjs)',
  request: jsonBody(grantRequestSchema),
  responses: {
    201: jsonContent(grantResultSchema, 'Granted'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

/** /api/v1/staff/grants (support, finance): access without a payment, audited as grant.create. */
export const staffGrantRoutes = createRouter().openapi(grantRoute, async (c) => {
  const granted = await grantAccess(c.var.ctx, c.var.user.id, c.req.valid('json'));
  return c.json({ message: translate('grant_created', c.var.locale), ...granted }, 201);
});
