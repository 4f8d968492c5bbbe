import { sql, type SQL } from 'drizzle-orm';
import type { ChatEvent, ChatMessage } from '../../shared/chat';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { log } from '../core/log';

/**
 * The chat's fan-out (docs/decisions/0048). A writing statement sends its event as a NOTIFY payload,
 * which PostgreSQL delivers to every listening instance, this one included, only when it commits; each
 * instance hands it to the streams of that screening open on it. PGlite delivers its own NOTIFYs the
 * same way in its one process. An event is encoded as its server-sent-event bytes once and the same
 * buffer is written to every stream (2,000 of them in bench/chat.mjs), without waiting on any.
 */
const CHANNEL = 'screening_chat';

type Listener = (chunk: Uint8Array) => void;

interface Bus {
  rooms: Map<number, Set<Listener>>;
  listening: Promise<void>;
}

const buses = new WeakMap<AppContext, Bus>();

/** The event as one server-sent event: its type, then its JSON on one data line. */
export function sseChunk(event: ChatEvent): string {
  const data =
    event.type === 'message' ? event.message : event.type === 'room' ? event.room : { id: event.id };
  return `event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

function busOf(ctx: AppContext): Bus {
  let bus = buses.get(ctx);
  if (!bus) {
    const rooms = new Map<number, Set<Listener>>();
    const listening = ctx.database.listen(CHANNEL, (payload) => {
      // null: the listening connection came back; what was missed meanwhile is not replayed.
      if (payload === null) return;
      let productId: number;
      let chunk: Uint8Array;
      try {
        const notice = JSON.parse(payload) as { productId: number; event: ChatEvent };
        productId = notice.productId;
        chunk = Buffer.from(sseChunk(notice.event));
      } catch (error) {
        log.warn({ err: error }, 'chat notice not understood');
        return;
      }
      for (const listener of rooms.get(productId) ?? []) {
        // One stream's failure must not keep the event from the streams after it.
        try {
          listener(chunk);
        } catch (error) {
          log.warn({ err: error }, 'chat stream write failed');
        }
      }
    });
    bus = { rooms, listening };
    buses.set(ctx, bus);
  }
  return bus;
}

/** Inside the writing transaction: the event leaves when (and only if) it commits. */
export async function announceChatEvent(
  tx: DbTransaction,
  productId: number,
  event: ChatEvent,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ productId, event })})`);
}

/**
 * The NOTIFY of a new message as an SQL expression for the statement that inserts it: `id` is the
 * inserted row's id, set into the payload by the database, so insert and announcement are one
 * statement (one round trip, atomic: the notice leaves only if the row is committed).
 */
export function announceNewMessage(productId: number, message: ChatMessage, id: SQL): SQL {
  const payload = JSON.stringify({ productId, event: { type: 'message', message } });
  return sql`pg_notify(${CHANNEL}, jsonb_set(${payload}::jsonb, '{event,message,id}', to_jsonb(${id}))::text)`;
}

/** Calls `listener` with each event of the screening (as SSE bytes) until the returned function is called. */
export async function subscribeToRoom(
  ctx: AppContext,
  productId: number,
  listener: Listener,
): Promise<() => void> {
  const bus = busOf(ctx);
  await bus.listening;
  let listeners = bus.rooms.get(productId);
  if (!listeners) {
    listeners = new Set();
    bus.rooms.set(productId, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && bus.rooms.get(productId) === listeners) bus.rooms.delete(productId);
  };
}
