import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '../../shared/errors';
import { translate } from '../../shared/messages';
import { DomainError, type ErrorCode } from '../errors';
import type { ApiEnv } from './env';
import { requestLocale } from './locale';

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  validation: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * The one place where errors become HTTP: a DomainError keeps its meaning, Hono's own exceptions
 * (malformed JSON, ...) keep their status, anything else is a logged 500 that reveals nothing.
 */
export function errorResponse(c: Context<ApiEnv>, error: unknown): Response {
  const locale = c.get('locale') ?? requestLocale(c.req.raw.headers);
  if (error instanceof DomainError) {
    const body: ApiError & Record<string, unknown> = {
      ...error.extra,
      message: translate(error.detail, locale),
    };
    if (error.fields) {
      body.errors = Object.fromEntries(
        Object.entries(error.fields).map(([field, messages]) => [
          field,
          messages.map((message) => translate(message, locale)),
        ]),
      );
    }
    if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
    return c.json(body, statusOf[error.code]);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ message: translate('bad_request', locale) } satisfies ApiError, error.status);
  }
  console.error(`[api] ${c.get('requestId') ?? '-'} ${c.req.method} ${c.req.path}`, error);
  return c.json({ message: translate('internal', locale) } satisfies ApiError, 500);
}
