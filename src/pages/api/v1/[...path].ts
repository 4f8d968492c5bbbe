import type { APIRoute } from 'astro';
import { getRuntime } from '~/server/runtime';
import { socketAddressOf } from '~/server/web/socket-address';

export const prerender = false;

/** Hands every /api/v1 request to the Hono app, with the client address Astro resolved. */
export const ALL: APIRoute = async (context) => {
  const { api } = await getRuntime();
  return api.fetch(context.request, { clientAddress: socketAddressOf(context) });
};
