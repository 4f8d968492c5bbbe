import type { APIRoute } from 'astro';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** The built-in sandbox bank (src/server/commerce/gateways/sandbox-bank.ts), when it is on. */
export const ALL: APIRoute = async ({ request }) => {
  const { ctx } = await getRuntime();
  const bank = ctx.gateways.sandboxBank;
  return bank ? bank.fetch(request) : new Response('Not found', { status: 404 });
};
