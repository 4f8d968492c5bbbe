import type { ChatReplay } from '~/shared/chat';

export type ReplayMessage = ChatReplay['messages'][number];

/**
 * The messages a replay shows at `seconds` into the film: those written up to that moment of the
 * screening (the waiting room's, before the start, come first), newest last. `messages` is in offset order.
 */
export function messagesUntil(messages: readonly ReplayMessage[], seconds: number): ReplayMessage[] {
  let end = 0;
  while (end < messages.length && messages[end]!.offset <= seconds) end++;
  return messages.slice(0, end);
}

/** The event a page (or a player) may send to move the replay: `detail` is the film's time in seconds. */
export const CHAT_TIME_EVENT = 'screening-chat:time';
