import { DomainError } from '../errors';

/** Seconds a client is asked to wait before trying again while the database does not answer. */
export const OUTAGE_RETRY_AFTER = 10;

/** Socket and driver errors (postgres.js) that mean the server could not be reached or went away. */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
]);

/**
 * PostgreSQL's own refusals that are about the server, not the statement: shutting down or starting
 * (57P01-57P03), out of connections (53300), a statement cancelled by its deadline (57014).
 */
const serverRefusals = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  // Class 08: connection exceptions.
  return unreachable.has(code) || serverRefusals.has(code) || code.startsWith('08');
}

/**
 * Whether `error` says the database did not answer (rather than refused a statement). Drizzle wraps
 * the driver's error as its `cause`; a connection to a name with several addresses fails with an
 * AggregateError of each attempt.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  if (error instanceof DomainError) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (isUnavailableCode(code)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The one error a database outage becomes, for the API (src/server/api/http-errors.ts) and the pages
 * (src/middleware.ts): a 503 with Retry-After and a machine-readable reason.
 */
export function databaseOutage(): DomainError {
  return new DomainError('unavailable', 'database_unavailable', {
    retryAfter: OUTAGE_RETRY_AFTER,
    extra: { reason: 'database_unavailable' },
  });
}
