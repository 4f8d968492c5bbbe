import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_AVATAR_BYTES } from '../../shared/users';
import { DomainError } from '../errors';
import type { ApiEnv } from './env';

/**
 * JSON and form bodies: the largest the contract describes (a 2,000-character report or comment, in
 * Persian and escaped) fits many times over.
 */
export const MAX_BODY_BYTES = 64 * 1024;
/**
 * Multipart bodies carry the one upload, an avatar: room for an oversized picture, so the avatar
 * route can still say "at most 2 MB" in its own words, and no more.
 */
export const MAX_UPLOAD_BYTES = 2 * MAX_AVATAR_BYTES;

/**
 * The staff console's uploads (source videos, their extra audio tracks, artwork) are the raw body,
 * streamed to disk under limits of their own (src/server/media/uploads.ts): these routes only.
 */
const STREAMED_UPLOADS = /^\/api\/v1\/staff\/catalogue\/titles\/[^/]+\/(?:video|audio|artwork\/[^/]+)$/;

/** The rest of the body stays unread: the connection closes after the answer instead of draining it. */
const tooLarge = (c: Context<ApiEnv>) => {
  c.header('Connection', 'close');
  throw new DomainError('too_large');
};
const bodies = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
const uploads = bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: tooLarge });

/**
 * An upload refused before its body was read (no login, no role, no such title) closes the connection
 * after the answer: otherwise the server would read and drop up to a gigabyte to keep it alive.
 */
const refusedUnread: MiddlewareHandler<ApiEnv> = async (c, next) => {
  try {
    await next();
  } finally {
    if (c.res.status >= 400) c.res.headers.set('Connection', 'close');
  }
};

/**
 * 413 before a body is read past its limit: at once when Content-Length says so, else as soon as the
 * streamed body passes it. Nothing larger is ever buffered or parsed.
 */
export const bodyLimits: MiddlewareHandler<ApiEnv> = (c, next) => {
  if (c.req.method === 'PUT' && STREAMED_UPLOADS.test(c.req.path)) return refusedUnread(c, next);
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  return (type.startsWith('multipart/form-data') ? uploads : bodies)(c, next);
};
