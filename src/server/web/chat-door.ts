import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_SECURITY_HEADERS } from '../api/security-headers';
import { authenticate, bearerToken } from '../auth/sessions';
import { assertChatReader } from '../chat/room';
import { CHAT_STREAM_HEADERS, followChat } from '../chat/stream';
import type { AppContext } from '../context';
import { noteRequest } from '../core/log';

/**
 * server.mjs's path for the screening chat's event streams (decision record 0048): one instance holds
 * thousands of them, and each event goes to all at once. Here a stream is written straight to its
 * Node response: the event's bytes, shared by every stream, in one `write` each, and the reader's
 * backlog measured where it grows (the response's buffer: Astro copies a web stream into it without
 * waiting, so a slow reader's backlog was unbounded there). Opening one skips Astro and Hono: the
 * session and the chat's one access query. Only a stream the viewer may open is answered here; every
 * refusal (no or dead session, no ticket, no such screening, the database not answering) goes on to
 * the API route, which answers it exactly as it always has, in the viewer's language.
 */

const STREAM_PATH = /^\/api\/v1\/screenings\/([1-9]\d{0,8})\/chat\/stream(?:\?|$)/;
const ROUTE = '/api/v1/screenings/:id/chat/stream';

/**
 * Takes a GET of a chat stream with a bearer token and returns true, or returns false for any other
 * request. A taken request it cannot stream is handed to `next`, the site and API.
 */
export function serveChatStreamAtTheDoor(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
): boolean {
  if (req.method !== 'GET') return false;
  const id = STREAM_PATH.exec(req.url ?? '')?.[1];
  const token = bearerToken(req.headers.authorization);
  if (!id || !token) return false;
  const productId = Number(id);
  noteRequest({ route: ROUTE });
  admitted(ctx, token, productId).then(
    // Once its headers are out, a stream that cannot follow the chat is cut; the browser reconnects.
    (ok) => (ok ? stream(ctx, res, productId).catch(() => res.destroy()) : next()),
    () => next(),
  );
  return true;
}

async function admitted(ctx: AppContext, token: string, productId: number): Promise<boolean> {
  const auth = await authenticate(ctx, token);
  if (!auth) return false;
  await assertChatReader(ctx, auth, productId);
  return true;
}

async function stream(ctx: AppContext, res: ServerResponse, productId: number): Promise<void> {
  res.writeHead(200, { ...API_SECURITY_HEADERS, ...CHAT_STREAM_HEADERS });
  const stop = await followChat(ctx, productId, {
    queued: () => res.writableLength,
    write: (chunk) => res.write(chunk),
    abort: () => res.destroy(),
  });
  if (res.destroyed) stop();
  else res.once('close', stop);
}
