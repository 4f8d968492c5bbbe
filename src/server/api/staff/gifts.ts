import { idParamSchema } from '../../../shared/core';
import {
  giftCampaignCreateSchema,
  giftCodeIssueSchema,
  giftCodesQuerySchema,
  issuedGiftCodeSchema,
  staffGiftCampaignSchema,
  staffGiftCampaignsSchema,
  staffGiftCodesSchema,
} from '../../../shared/staff-gifts';
import {
  createGiftCampaign,
  giftCampaignsForStaff,
  giftCodesForStaff,
  issueGiftCode,
} from '../../staff/gifts';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

const listRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/gifts/campaigns',
  summary: 'Gift campaigns, newest first, with their codes and redemptions',
  responses: { 200: jsonContent(staffGiftCampaignsSchema, 'Campaigns'), ...errorResponses(401, 403) },
});

const createCampaignRoute = staffRoute({
  roles: ['finance'],
  method: 'post',
  path: '/gifts/campaigns',
  summary: 'A new gift campaign: months of a subscription package, between two dates',
  request: jsonBody(giftCampaignCreateSchema),
  responses: {
    201: jsonContent(staffGiftCampaignSchema, 'Created'),
    ...errorResponses(401, 403, 409, 422),
  },
});

const issueRoute = staffRoute({
  roles: ['finance'],
  method: 'post',
  path: '/gifts/campaigns/{id}/codes',
  summary: 'A new code of a running campaign, answered whole this once',
  request: { params: idParamSchema, ...jsonBody(giftCodeIssueSchema) },
  responses: {
    201: jsonContent(issuedGiftCodeSchema, 'The code'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const codesRoute = staffRoute({
  roles: ['finance'],
  method: 'get',
  path: '/gifts/campaigns/{id}/codes',
  summary: 'A campaign’s codes (their public part), oldest first, 50 a page',
  request: { params: idParamSchema, query: giftCodesQuerySchema },
  responses: {
    200: jsonContent(staffGiftCodesSchema, 'Codes'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const router = createRouter();
router.openapi(listRoute, async (c) => c.json(await giftCampaignsForStaff(c.var.ctx.database.db), 200));
router.openapi(createCampaignRoute, async (c) =>
  c.json(await createGiftCampaign(c.var.ctx, c.var.user.id, c.req.valid('json')), 201),
);
router.openapi(issueRoute, async (c) =>
  c.json(
    await issueGiftCode(c.var.ctx, c.var.user.id, c.req.valid('param').id, c.req.valid('json').max_uses),
    201,
  ),
);
router.openapi(codesRoute, async (c) =>
  c.json(
    await giftCodesForStaff(c.var.ctx.database.db, c.req.valid('param').id, c.req.valid('query').page),
    200,
  ),
);

/** /api/v1/staff/gifts: gift campaigns and their codes (finance). */
export const staffGiftRoutes = router;
