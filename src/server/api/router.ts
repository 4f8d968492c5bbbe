import { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './env';
import { validationHook } from './validation';

/** A router of one domain; its routes' schemas flow into /api/v1/openapi.json. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
}
