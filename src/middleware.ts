import { defineMiddleware } from 'astro:middleware';
import { pageSecurityHeaders } from '~/server/web/page-security';

/** Pages get the site's security headers; /api/v1 sets stricter ones of its own. */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.url.pathname.startsWith('/api/')) return response;
  for (const [name, value] of pageSecurityHeaders) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
});
