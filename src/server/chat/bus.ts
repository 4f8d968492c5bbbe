import { sql } from 'drizzle-orm';
import type { ChatEvent } from '../../shared/chat';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { log } from '../core/log';

/**
 * The chat's fan-out (docs/decisions/0048). A writing transaction sends its event as a NOTIFY payload,
 * which PostgreSQL delivers to every listening instance, this one included, only when the transaction
 * commits; each instance hands it to the streams of that screening open on it. PGlite delivers its own
 * NOTIFYs the same way in its one process. An event is written as its server-sent-event text once and
 * the same string goes to every stream.
 */
const CHANNEL = 'screening_chat';

type Listener = (chunk: string) => void;

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
      try {
        const { productId, event } = JSON.parse(payload) as { productId: number; event: ChatEvent };
        const listeners = rooms.get(productId);
        if (!listeners) return;
        const chunk = sseChunk(event);
        for (const listener of listeners) listener(chunk);
      } catch (error) {
        log.warn({ err: error }, 'chat notice not understood');
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

/** Calls `listener` with each event of the screening (as SSE text) until the returned function is called. */
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
