import type { Hook } from '@hono/zod-openapi';
import { controlCharacterFields, fieldMessagesOf } from '../../shared/validation';
import { DomainError } from '../errors';
import type { ApiEnv } from './env';

/**
 * Every route's zod failure becomes a validation DomainError with one entry per field; translation into
 * the request's language happens with all other errors, in http-errors.ts. An accepted payload is
 * refused the same way when any of its text holds a control character (PostgreSQL refuses NUL, and
 * the rest has no business in names, searches or comments).
 */
export const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result) => {
  if (result.success) {
    const fields = controlCharacterFields(result.data);
    if (Object.keys(fields).length > 0) throw new DomainError('validation', undefined, { fields });
    return;
  }
  // @hono/zod-validator hands the hook the raw input as `data` (untyped here); zod 4 issues no longer
  // carry it, and it is what tells a missing field from a wrong one.
  const input: unknown = 'data' in result ? result.data : undefined;
  throw new DomainError('validation', undefined, { fields: fieldMessagesOf(result.error, input) });
};
