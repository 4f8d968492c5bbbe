import type { Message, MessageKey } from '../shared/messages';
import type { FieldMessages } from '../shared/validation';

/** What went wrong, in domain terms; src/server/api/http-errors.ts alone turns it into HTTP. */
export type ErrorCode =
  | 'validation'
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** Something that existed is over for good (a screening that has ended). */
  | 'gone'
  | 'rate_limited'
  /** A service we depend on (SMS, e-mail) failed; the request may succeed later. */
  | 'unavailable'
  /** Buying something (a subscription, the title, a ticket) would give access. */
  | 'payment_required'
  /** Not yet (a screening that has not started); the same request will succeed later. */
  | 'too_early'
  /** A request method the server serves nowhere (TRACE, CONNECT, ...). */
  | 'method_not_allowed'
  /** A request body larger than the server reads. */
  | 'too_large';

/** What each code says when the domain has nothing more specific. */
const defaultMessage: Record<ErrorCode, MessageKey> = {
  validation: 'validation_failed',
  bad_request: 'bad_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  gone: 'not_found',
  rate_limited: 'rate_limited',
  unavailable: 'internal',
  payment_required: 'needs_access',
  too_early: 'not_found',
  method_not_allowed: 'method_not_allowed',
  too_large: 'too_large',
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly detail: Message;
  readonly fields: FieldMessages | undefined;
  /** Seconds until a rate-limited request may be retried. */
  readonly retryAfter: number | undefined;
  /**
   * Fields the client needs besides the message, sent as they are in the body (e.g. the active
   * sessions of a refused login); already in the API's shape.
   */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    detail: Message | MessageKey = defaultMessage[code],
    options: { fields?: FieldMessages; retryAfter?: number; extra?: Record<string, unknown> } = {},
  ) {
    const message = typeof detail === 'string' ? { key: detail } : detail;
    super(message.key);
    this.name = 'DomainError';
    this.code = code;
    this.detail = message;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
    this.extra = options.extra;
  }
}

/** A 422 naming the fields at fault, e.g. `invalidFields({ captcha: 'captcha_invalid' })`. */
export function invalidFields(fields: Record<string, MessageKey>): DomainError {
  const messages: FieldMessages = {};
  for (const [field, key] of Object.entries(fields)) messages[field] = [{ key }];
  return new DomainError('validation', undefined, { fields: messages });
}

export function notFound(key?: MessageKey): DomainError {
  return new DomainError('not_found', key);
}
