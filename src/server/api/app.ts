import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppContext } from '../context';

export interface ApiEnv {
  Variables: { ctx: AppContext; clientAddress: string };
}

/** The `/api/v1` application; pages never go through it, islands and outside clients do. */
export function createApi(ctx: AppContext) {
  const api = new OpenAPIHono<ApiEnv>().basePath('/api/v1');
  api.use(async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });
  api.get('/health', (c) => c.json({ ok: true, database: ctx.database.kind }));
  return api;
}

export type Api = ReturnType<typeof createApi>;
