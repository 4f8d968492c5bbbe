import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '../../shared/errors';
import type { Locale } from '../../lib/locale';
import { translate } from '../../shared/messages';
import { databaseOutage, isDatabaseUnavailable } from '../core/outage';
import { DomainError, type ErrorCode } from '../errors';
import type { ApiEnv } from './env';
import { requestLocale } from './locale';
import { log } from '../core/log';

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  validation: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  unavailable: 503,
  payment_required: 402,
  too_early: 425,
  method_not_allowed: 405,
  too_large: 413,
};

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: ApiError & Record<string, unknown>;
  headers: Record<string, string>;
}

/** A DomainError as HTTP, in one language: for the API's handlers and for the server's front door. */
export function answerOf(error: DomainError, locale: Locale): ErrorAnswer {
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
  const headers: Record<string, string> = {};
  if (error.retryAfter !== undefined) headers['Retry-After'] = String(error.retryAfter);
  return { status: statusOf[error.code], body, headers };
}

/**
 * The one place where errors become HTTP: a DomainError keeps its meaning, Hono's own exceptions
 * (malformed JSON, ...) keep their status, anything else is a logged 500 that reveals nothing.
 */
export function errorResponse(c: Context<ApiEnv>, error: unknown): Response {
  const locale = c.get('locale') ?? requestLocale(c.req.raw.headers);
  // A database that does not answer is a 503 the client may retry, not a failure of this request.
  const known = isDatabaseUnavailable(error) ? databaseOutage() : error;
  if (known instanceof DomainError) {
    const { status, body, headers } = answerOf(known, locale);
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.json(status >= 500 ? withRequestId(c, body) : body, status);
  }
  if (known instanceof HTTPException && known.status < 500) {
    return c.json({ message: translate('bad_request', locale) } satisfies ApiError, known.status);
  }
  // The request's log line names its route; the path may carry a signed media token.
  log.error({ err: error, reqId: c.get('requestId') }, `unexpected error answering ${c.req.method}`);
  return c.json(withRequestId(c, { message: translate('internal', locale) }), 500);
}

/** A 5xx body names its request, so a viewer can quote it to support and the log line be found. */
function withRequestId<T extends ApiError>(c: Context<ApiEnv>, body: T): T & { requestId?: string } {
  const requestId = c.get('requestId');
  return requestId ? { ...body, requestId } : body;
}
