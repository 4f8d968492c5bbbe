import type { ChatEvent, ChatMessage, ChatRoomState } from '~/shared/chat';

/**
 * Follows GET /screenings/{id}/chat/stream with fetch, since EventSource cannot send the bearer token.
 * Calls `onOpen` each time the stream (re)opens (the island then reloads the room, to pick up what was
 * said while it was away) and `onEvent` for each event; reconnects after 2 s until `signal` aborts.
 */
export function followChat(
  productId: number,
  token: string,
  signal: AbortSignal,
  handlers: { onOpen: () => void; onEvent: (event: ChatEvent) => void },
): void {
  const run = async () => {
    while (!signal.aborted) {
      try {
        const res = await fetch(`/api/v1/screenings/${productId}/chat/stream`, {
          headers: { authorization: `Bearer ${token}` },
          signal,
        });
        if (res.status === 401 || res.status === 403 || res.status === 404) return;
        if (res.ok && res.body) {
          handlers.onOpen();
          await readEvents(res.body, handlers.onEvent);
        }
      } catch {
        // A lost network or an aborted request: tried again below unless aborted.
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  };
  void run();
}

async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ChatEvent) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!type || !data) continue;
      const parsed: unknown = JSON.parse(data);
      if (type === 'message') onEvent({ type, message: parsed as ChatMessage });
      else if (type === 'deleted') onEvent({ type, id: (parsed as { id: number }).id });
      else if (type === 'room') onEvent({ type, room: parsed as ChatRoomState });
    }
  }
}
