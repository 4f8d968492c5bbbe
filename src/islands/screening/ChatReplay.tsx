import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import type { ChatReplay as Replay } from '~/shared/chat';
import { $token } from '~/stores/auth';
import { browserApi } from '../shared/api';
import { createIslandI18n } from '../shared/i18n';
import { chatStrings } from '../shared/strings-chat';
import { ChatMessageItem } from './ChatMessageItem';
import { CHAT_TIME_EVENT, messagesUntil, type ReplayMessage } from './replay-time';

/** How often the replay reads the page's <video> position. */
const POLL_MS = 500;

function ChatReplayBody({ productId, locale }: { productId: number; locale: Locale }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const [all, setAll] = useState<ReplayMessage[]>([]);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    browserApi(locale, { quiet: true })<Replay>(`/screenings/${productId}/chat/replay`, {
      signal: controller.signal,
    })
      .then((reply) => setAll(reply.messages))
      .catch(() => {});
    return () => controller.abort();
  }, [productId, locale, token]);

  // The film's time: from the page's <video> (the player is not changed for this), or from an event
  // a page sends with the time in `detail`.
  useEffect(() => {
    const poll = window.setInterval(() => {
      const video = document.querySelector('video');
      if (video) setSeconds(video.currentTime);
    }, POLL_MS);
    const onTime = (event: Event) => setSeconds(Number((event as CustomEvent<number>).detail) || 0);
    window.addEventListener(CHAT_TIME_EVENT, onTime);
    return () => {
      window.clearInterval(poll);
      window.removeEventListener(CHAT_TIME_EVENT, onTime);
    };
  }, []);

  const shown = useMemo(() => messagesUntil(all, seconds), [all, seconds]);
  if (all.length === 0) return null;
  return (
    <section aria-labelledby="chat-replay-title" className="flex flex-col gap-2">
      <h2 id="chat-replay-title" className="text-lg font-bold">
        {t('chat.replay_title')}
      </h2>
      <ol aria-label={t('chat.messages')} className="max-h-80 overflow-y-auto px-2">
        {shown.map((message) => (
          <ChatMessageItem key={message.id} message={message} />
        ))}
      </ol>
    </section>
  );
}

/**
 * The chat of a past screening beside its recording (issue 30): each message appears when the film
 * reaches the moment it was written at.
 */
export default function ChatReplay({ productId, locale }: { productId: number; locale: Locale }) {
  const i18n = useMemo(() => createIslandI18n(locale, chatStrings), [locale]);
  return (
    <I18nextProvider i18n={i18n}>
      <ChatReplayBody productId={productId} locale={locale} />
    </I18nextProvider>
  );
}
