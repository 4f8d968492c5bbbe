import type { ChatReplay } from '~/shared/chat';

export type ReplayMessage = ChatReplay['messages'][number];

/**
 * The moment of the film a message was written at. A screening plays its package looped from its start
 * (decision record 0051), so a message written in the second run of a film shorter than its screening
 * belongs to `offset` modulo the film's length; the waiting room's (negative offsets) belong before it.
 * `duration` unknown (not loaded yet, or a stream without an end): the offset as it is.
 */
export function filmTimeOf(offset: number, duration: number): number {
  if (offset < 0 || !Number.isFinite(duration) || duration <= 0) return offset;
  return offset % duration;
}

/**
 * The messages a replay shows at `seconds` into the film: those written up to that moment of the film
 * (the waiting room's, before the start, come first), in the film's order, newest last.
 */
export function messagesUntil(
  messages: readonly ReplayMessage[],
  seconds: number,
  duration = Number.NaN,
): ReplayMessage[] {
  return messages
    .map((message) => ({ message, at: filmTimeOf(message.offset, duration) }))
    .filter(({ at }) => at <= seconds)
    .sort((a, b) => a.at - b.at || a.message.offset - b.message.offset)
    .map(({ message }) => message);
}

/** The event a page (or a player) may send to move the replay: `detail` is the film's time in seconds. */
export const CHAT_TIME_EVENT = 'screening-chat:time';
