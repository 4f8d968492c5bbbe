/**
 * The attribution header's name (src/shared/growth.ts re-exports it with its zod schemas), in a file
 * without zod: the API client every island shares imports it, and zod there would both weigh and ask
 * the page's CSP for eval.
 */
export const ATTRIBUTION_HEADER = 'X-Attribution';
