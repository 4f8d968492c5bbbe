import { createRoute } from '@hono/zod-openapi';
import { captchaSchema } from '../../../shared/core';
import { captchaRateLimit, createCaptcha } from '../../core/captcha';
import { rateLimit } from '../middleware';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';

const flatCaptchaRoute = createRoute({
  method: 'get',
  path: '/captcha/flat',
  tags: ['core'],
  summary: 'A one-time image captcha; send its key and answer with the form it protects',
  middleware: [rateLimit(captchaRateLimit)] as const,
  responses: { 200: jsonContent(captchaSchema, 'A new captcha'), ...errorResponses(429) },
});

export const captchaRoutes = createRouter().openapi(flatCaptchaRoute, async (c) => {
  const captcha = await createCaptcha(c.var.ctx);
  return c.json(
    {
      key: captcha.key,
      img: `data:image/svg+xml;base64,${Buffer.from(captcha.svg).toString('base64')}`,
      sensitive: false,
      expires_in: captcha.expiresIn,
    },
    200,
  );
});
