import type { AppContext } from '../context';
import { subscribeToRoom } from './bus';

/**
 * One open chat stream (server-sent events, docs/decisions/0048), whatever carries it: server.mjs's
 * door writes to the Node response itself (src/server/web/chat-door.ts), the API route to a web stream
 * (astro dev, the API tests).
 */

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const KEEPALIVE_MS = 20_000;
/** A stream whose reader has fallen this many bytes behind is closed (the browser reconnects). */
export const MAX_QUEUED_BYTES = 256 * 1024;

/**
 * `no-transform` keeps server.mjs's compression (and proxies) from buffering the stream;
 * X-Accel-Buffering does the same for nginx.
 */
export const CHAT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
};

const OPENING = Buffer.from('retry: 2000\n: open\n\n');
const KEEPALIVE = Buffer.from(': keepalive\n\n');

export interface ChatStreamSink {
  /** Bytes written and not yet sent to the reader. */
  queued(): number;
  write(chunk: Uint8Array): void;
  /** Ends the stream at once (its reader fell too far behind). */
  abort(): void;
}

/**
 * Writes the screening's chat events into `sink` (each event's bytes are shared by every stream and
 * written without waiting for the reader) until the returned function is called, or until the reader
 * falls more than MAX_QUEUED_BYTES behind: then the stream is aborted, which bounds a slow reader's
 * memory, and the browser reconnects and reloads the room.
 */
export async function followChat(
  ctx: AppContext,
  productId: number,
  sink: ChatStreamSink,
): Promise<() => void> {
  let stop = () => {};
  const send = (chunk: Uint8Array) => {
    if (sink.queued() > MAX_QUEUED_BYTES) {
      stop();
      sink.abort();
      return;
    }
    sink.write(chunk);
  };
  const unsubscribe = await subscribeToRoom(ctx, productId, send);
  const keepalive = setInterval(() => send(KEEPALIVE), KEEPALIVE_MS);
  stop = () => {
    clearInterval(keepalive);
    unsubscribe();
  };
  send(OPENING);
  return stop;
}
