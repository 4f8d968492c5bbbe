import type { APIRoute } from 'astro';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** Hands every /api/v1 request to the Hono app, with the client address Astro resolved. */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const { api } = await getRuntime();
  return api.fetch(request, { clientAddress });
};
