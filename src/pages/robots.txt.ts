import type { APIRoute } from 'astro';
import { robotsTxt } from '~/server/growth/robots';
import { getRuntime } from '~/server/runtime';

export const GET: APIRoute = async () => {
  const { ctx } = await getRuntime();
  return new Response(robotsTxt(ctx.config), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
