import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemOf } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import type { MessageResponse } from '~/shared/auth';
import { MAX_CHAT_MESSAGE_LENGTH, type ChatMessage, type ChatRoom, type ChatRoomState } from '~/shared/chat';
import { $token } from '~/stores/auth';
import { browserApi } from '../shared/api';
import { createIslandI18n } from '../shared/i18n';
import { chatStrings } from '../shared/strings-chat';
import { Toasts } from '../shared/Toasts';
import { ChatMessageItem } from './ChatMessageItem';
import { followChat } from './chat-stream';

/** Messages kept on screen; older ones scroll away for good (the replay has them all). */
const SHOWN = 200;
const SLOW_MODES = [0, 10, 30, 60, 120];

function LiveChatBody({ productId, locale }: { productId: number; locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const token = useStore($token);
  const [room, setRoom] = useState<ChatRoom | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const quiet = browserApi(locale, { quiet: true });
    const load = () =>
      quiet<ChatRoom>(`/screenings/${productId}/chat`, { signal: controller.signal })
        .then((reply) => {
          setRoom(reply);
          setMessages(reply.messages);
          setRefused(null);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setRefused(problemOf(error, locale));
        });
    followChat(productId, token, controller.signal, {
      onOpen: () => void load(),
      onEvent: (event) => {
        if (event.type === 'message') {
          setMessages((list) =>
            list.some((m) => m.id === event.message.id) ? list : [...list, event.message].slice(-SHOWN),
          );
        } else if (event.type === 'deleted') {
          setMessages((list) => list.filter((m) => m.id !== event.id));
        } else {
          setRoom((current) => (current ? { ...current, room: event.room } : current));
        }
      },
    });
    void load();
    return () => controller.abort();
  }, [productId, token, locale]);

  // Keeps the newest message in view as they arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages]);

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !text.trim()) return;
    setSending(true);
    try {
      const message = await api<ChatMessage>(`/screenings/${productId}/chat`, {
        method: 'POST',
        body: { body: text },
      });
      setText('');
      setMessages((list) =>
        list.some((m) => m.id === message.id) ? list : [...list, message].slice(-SHOWN),
      );
    } catch {
      // The API client toasted the refusal.
    } finally {
      setSending(false);
    }
  }

  const call = (path: string, init: { method: string; body?: Record<string, unknown> }) =>
    api<MessageResponse | ChatRoomState>(path, init)
      .then((reply) => 'message' in reply && toast.success(reply.message))
      .catch(() => {});

  if (!token) return <p className="text-sm text-neutral-500">{t('chat.login')}</p>;
  if (refused) return <p className="text-sm text-neutral-500">{refused}</p>;
  const state = room?.room;
  const moderator = room?.moderator ?? false;
  const canWrite = room !== null && !room.muted && (!state?.closed || moderator);

  return (
    <section aria-labelledby="live-chat-title" className="flex flex-col gap-2">
      <h2 id="live-chat-title" className="text-lg font-bold">
        {t('chat.title')}
      </h2>
      {moderator && state && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <button
            type="button"
            className="rounded border px-2 py-1"
            onClick={() =>
              void call(`/staff/screenings/${productId}/chat`, {
                method: 'PATCH',
                body: { closed: !state.closed },
              })
            }
          >
            {state.closed ? t('chat.open') : t('chat.close')}
          </button>
          <label className="flex items-center gap-1">
            {t('chat.slow_mode')}
            <select
              className="rounded border px-1 py-1"
              value={state.slow_mode_seconds}
              onChange={(e) =>
                void call(`/staff/screenings/${productId}/chat`, {
                  method: 'PATCH',
                  body: { slow_mode_seconds: Number(e.target.value) },
                })
              }
            >
              {[...new Set([...SLOW_MODES, state.slow_mode_seconds])].map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds.toLocaleString(locale === 'fa' ? 'fa-IR' : 'en-US')}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <ol
        ref={listRef}
        aria-label={t('chat.messages')}
        aria-live="polite"
        className="max-h-80 min-h-32 overflow-y-auto rounded border border-neutral-200 px-2 dark:border-neutral-700"
      >
        {room === null && <li className="py-2 text-sm text-neutral-500">{t('chat.connecting')}</li>}
        {room !== null && messages.length === 0 && (
          <li className="py-2 text-sm text-neutral-500">{t('chat.empty')}</li>
        )}
        {messages.map((message) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            actions={
              <span className="flex shrink-0 gap-1 text-xs">
                {moderator ? (
                  <>
                    <button
                      type="button"
                      className="rounded px-1 underline"
                      aria-label={`${t('chat.delete')}: ${message.body.slice(0, 40)}`}
                      onClick={() => void call(`/staff/chat-messages/${message.id}`, { method: 'DELETE' })}
                    >
                      {t('chat.delete')}
                    </button>
                    {message.user_id !== room?.user_id && (
                      <button
                        type="button"
                        className="rounded px-1 underline"
                        aria-label={`${t('chat.mute')}: ${message.author}`}
                        onClick={() =>
                          void call(`/staff/screenings/${productId}/chat/mutes`, {
                            method: 'POST',
                            body: { user_id: message.user_id },
                          })
                        }
                      >
                        {t('chat.mute')}
                      </button>
                    )}
                  </>
                ) : (
                  message.user_id !== room?.user_id && (
                    <button
                      type="button"
                      className="rounded px-1 underline"
                      aria-label={`${t('chat.report')}: ${message.body.slice(0, 40)}`}
                      onClick={() => void call(`/chat-messages/${message.id}/report`, { method: 'POST' })}
                    >
                      {t('chat.report')}
                    </button>
                  )
                )}
              </span>
            }
          />
        ))}
      </ol>
      {room?.muted && <p className="text-sm text-neutral-500">{t('chat.muted')}</p>}
      {state?.closed && !moderator && <p className="text-sm text-neutral-500">{t('chat.closed')}</p>}
      {canWrite && (
        <form onSubmit={send} className="flex gap-2">
          <input
            dir="auto"
            name="body"
            aria-label={t('chat.placeholder')}
            placeholder={t('chat.placeholder')}
            maxLength={MAX_CHAT_MESSAGE_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1 rounded border px-2 py-2 text-base"
          />
          <button type="submit" disabled={sending} className="rounded bg-red-700 px-3 py-2 text-white">
            {t('chat.send')}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The live chat of a screening (issue 30): ticket holders and moderators, in the waiting room and
 * while it runs. A component of its own so the screening page places it where its layout wants.
 */
export default function LiveChat({ productId, locale }: { productId: number; locale: Locale }) {
  const i18n = useMemo(() => createIslandI18n(locale, chatStrings), [locale]);
  return (
    <I18nextProvider i18n={i18n}>
      <LiveChatBody productId={productId} locale={locale} />
      <Toasts locale={locale} />
    </I18nextProvider>
  );
}
