import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import type { ChatReplay as Replay } from '~/shared/chat';
import { $token } from '~/stores/auth';
import { browserApi } from '../shared/api';
import { createIslandI18n } from '../shared/i18n';
import { chatStrings } from '../shared/strings-chat';
import { ChatMessageItem } from './ChatMessageItem';
import { CHAT_TIME_EVENT, messagesUntil, type ReplayMessage } from './replay-time';

/** A screen reader hears at most one line this often: the newest message, or after a seek the count. */
const ANNOUNCE_MS = 2000;
/** Lines kept in the announcing log (older ones have been read). */
const ANNOUNCED_KEPT = 3;
/** More new messages at once than this is a seek: announced as a count, not one by one. */
const READ_ONE_BY_ONE = 2;

/** The film's time and length from the page's <video> (the player is not changed for this). */
function useFilmTime(): { seconds: number; duration: number } {
  const [time, setTime] = useState({ seconds: 0, duration: Number.NaN });
  useEffect(() => {
    // Media events do not bubble, but the capture phase passes the document on its way to the element.
    const onMedia = (event: Event) => {
      const video = event.target;
      if (video instanceof HTMLVideoElement) {
        setTime({ seconds: video.currentTime, duration: video.duration });
      }
    };
    const onTime = (event: Event) =>
      setTime((now) => ({ ...now, seconds: Number((event as CustomEvent<number>).detail) || 0 }));
    const media = ['timeupdate', 'seeking', 'seeked', 'durationchange', 'emptied'];
    for (const name of media) document.addEventListener(name, onMedia, true);
    window.addEventListener(CHAT_TIME_EVENT, onTime);
    return () => {
      for (const name of media) document.removeEventListener(name, onMedia, true);
      window.removeEventListener(CHAT_TIME_EVENT, onTime);
    };
  }, []);
  return time;
}

function ChatReplayBody({ productId, locale }: { productId: number; locale: Locale }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const [all, setAll] = useState<ReplayMessage[]>([]);
  const { seconds, duration } = useFilmTime();
  const list = useRef<HTMLOListElement>(null);
  const [announced, setAnnounced] = useState<{ key: number; text: string }[]>([]);
  const lastShown = useRef<ReplayMessage[]>([]);
  const lastAnnounce = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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

  const shown = useMemo(() => messagesUntil(all, seconds, duration), [all, seconds, duration]);

  // The newest message stays in view as the film moves on, and after a seek.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [shown.length]);

  // What a screen reader hears: playing on, the message that just appeared; after a jump, how many
  // messages there are up to here. One line per ANNOUNCE_MS at most (the latest wins), so a seek or a
  // lively minute of the film does not read out a flood.
  useEffect(() => {
    const before = new Set(lastShown.current.map((message) => message.id));
    const added = shown.filter((message) => !before.has(message.id));
    const removed = lastShown.current.length + added.length - shown.length;
    lastShown.current = shown;
    if (added.length === 0 && removed === 0) return;
    const newest = added.at(-1);
    const text =
      removed === 0 && newest && added.length <= READ_ONE_BY_ONE
        ? `${newest.author}: ${newest.body}`
        : t('chat.replay_count', { count: shown.length });
    clearTimeout(pending.current);
    const wait = Math.max(0, lastAnnounce.current + ANNOUNCE_MS - Date.now());
    pending.current = setTimeout(() => {
      lastAnnounce.current = Date.now();
      setAnnounced((lines) => [...lines, { key: lastAnnounce.current, text }].slice(-ANNOUNCED_KEPT));
    }, wait);
  }, [shown, t]);
  useEffect(() => () => clearTimeout(pending.current), []);

  if (!token) return <p className="text-sm text-neutral-400">{t('chat.login')}</p>;
  return (
    <section
      aria-labelledby="chat-replay-title"
      className="flex h-full min-h-0 flex-col gap-2"
      data-chat-replay
    >
      <h2 id="chat-replay-title" className="text-base font-bold">
        {t('chat.replay_title')}
      </h2>
      {shown.length === 0 && <p className="text-sm text-neutral-400">{t('chat.replay_empty')}</p>}
      <ol
        ref={list}
        aria-labelledby="chat-replay-title"
        // Scrollable: reachable by keyboard to read back.
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto rounded px-1 focus-visible:outline-2 focus-visible:outline-white"
      >
        {shown.map((message) => (
          <ChatMessageItem key={message.id} message={message} />
        ))}
      </ol>
      <div role="log" className="sr-only">
        {announced.map((line) => (
          <p key={line.key}>{line.text}</p>
        ))}
      </div>
    </section>
  );
}

/**
 * The chat of an ended screening beside its catch-up (issue 30, decision record 0055): each message
 * appears when the film reaches the moment it was written at, and goes again when the viewer seeks
 * back before it. Deleted messages never come (the replay API leaves them out).
 */
export default function ChatReplay({ productId, locale }: { productId: number; locale: Locale }) {
  const i18n = useMemo(() => createIslandI18n(locale, chatStrings), [locale]);
  return (
    <I18nextProvider i18n={i18n}>
      <ChatReplayBody productId={productId} locale={locale} />
    </I18nextProvider>
  );
}
