import type { ReactNode } from 'react';
import type { ChatMessage } from '~/shared/chat';

/**
 * One message: the profile's avatar and name, and the text drawn in the direction of its own first
 * strong character (dir="auto"), so Persian reads right to left and English left to right in either page.
 */
export function ChatMessageItem({ message, actions }: { message: ChatMessage; actions?: ReactNode }) {
  return (
    <li className="flex items-start gap-2 py-1.5" data-message-id={message.id}>
      <img src={message.avatar_url} alt="" width={28} height={28} className="size-7 shrink-0 rounded-full" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-neutral-500 dark:text-neutral-400">
          <bdi>{message.author}</bdi>
        </p>
        <p dir="auto" className="break-words text-sm text-start">
          {message.body}
        </p>
      </div>
      {actions}
    </li>
  );
}
