import { iranDay } from '~/lib/iran-day';
import type { DeskSession } from '~/shared/cafes';

/**
 * Which session the cafe door admits by default, and which other sessions it may admit on a confirmed
 * prompt (issue 24, item 8). Times are the server's ISO strings; `now` is this device's clock.
 */

const startOf = (session: DeskSession) => Date.parse(session.starts_at);
const endOf = (session: DeskSession) => Date.parse(session.ends_at);

/**
 * The session running now (the latest started, when two overlap: its guests are the ones arriving),
 * else the next to start, else the last one that ended; null when there is none.
 */
export function defaultSession(sessions: readonly DeskSession[], now: number): DeskSession | null {
  const running = sessions.filter((session) => startOf(session) <= now && now < endOf(session));
  if (running.length > 0) return running.reduce((a, b) => (startOf(b) > startOf(a) ? b : a));
  const next = sessions
    .filter((session) => startOf(session) > now)
    .sort((a, b) => startOf(a) - startOf(b))[0];
  if (next) return next;
  return sessions.reduce<DeskSession | null>((a, b) => (!a || endOf(b) > endOf(a) ? b : a), null);
}

/**
 * A ticket of another session of this cafe may be checked in for its own session, once the door
 * confirms, when that session is not over and runs or starts today (Tehran's day, where the cafe is).
 */
export function admitsOnConfirm(session: DeskSession | undefined, now: number): boolean {
  if (!session || endOf(session) <= now) return false;
  return startOf(session) <= now || iranDay(new Date(startOf(session))) === iranDay(new Date(now));
}
