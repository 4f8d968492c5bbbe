import { useCallback, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { formatDate, formatNumber, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { ChatReports, ChatScreenings } from '~/shared/chat';
import LiveChat from '../screening/LiveChat';
import { browserApi } from '../shared/api';
import { createIslandI18n } from '../shared/i18n';
import { chatStrings } from '../shared/strings-chat';
import { ChatMessageItem } from '../screening/ChatMessageItem';

function Reports({ productId, locale }: { productId: number; locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [reports, setReports] = useState<ChatReports['messages'] | null>(null);
  const load = useCallback(
    () =>
      api<ChatReports>(`/staff/screenings/${productId}/chat/reports`)
        .then((reply) => setReports(reply.messages))
        .catch(() => {}),
    [api, productId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section aria-labelledby="chat-reports-title" className="flex flex-col gap-2">
      <h2 id="chat-reports-title" className="text-lg font-bold">
        {t('chat.console_reports')}
      </h2>
      {reports?.length === 0 && <p className="text-sm">{t('chat.console_no_reports')}</p>}
      <ol className="flex flex-col">
        {reports?.map((message) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            actions={
              <span className="flex shrink-0 items-center gap-2 text-xs">
                <span>{t('chat.console_reports_count', { n: formatNumber(message.reports, locale) })}</span>
                {message.deleted ? (
                  <span>{t('chat.console_deleted')}</span>
                ) : (
                  <button
                    type="button"
                    className="min-h-6 rounded px-1 underline"
                    aria-label={`${t('chat.delete')}: ${message.body.slice(0, 40)}`}
                    onClick={() =>
                      void api(`/staff/chat-messages/${message.id}`, { method: 'DELETE' })
                        .then(load)
                        .catch(() => {})
                    }
                  >
                    {t('chat.delete')}
                  </button>
                )}
              </span>
            }
          />
        ))}
      </ol>
    </section>
  );
}

function AdminChatBody({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [screenings, setScreenings] = useState<ChatScreenings['screenings'] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    api<ChatScreenings>('/staff/chat/screenings')
      .then((reply) => {
        setScreenings(reply.screenings);
        setChosen(reply.screenings[0]?.id ?? null);
      })
      .catch(() => {});
  }, [api]);
  if (screenings === null) return null;
  if (screenings.length === 0) return <p>{t('chat.console_none')}</p>;
  return (
    <div className="flex flex-col gap-6" data-admin-chat>
      <label className="flex flex-col gap-1">
        {t('chat.console_pick')}
        <select
          className="min-h-11 rounded border px-2"
          value={chosen ?? ''}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {screenings.map((screening) => (
            <option key={screening.id} value={screening.id}>
              {`${locale === 'fa' ? screening.title : screening.en_title} · ${formatDate(screening.starts_at, locale, longDateTime)}`}
            </option>
          ))}
        </select>
      </label>
      {chosen !== null && (
        <div key={chosen} className="grid gap-6 lg:grid-cols-2">
          <LiveChat productId={chosen} locale={locale} />
          <Reports productId={chosen} locale={locale} />
        </div>
      )}
    </div>
  );
}

/** The console's screening chats (issue 30): a moderator's chat of each screening and its reports. */
export default function AdminChat({ locale }: { locale: Locale }) {
  const i18n = useMemo(() => createIslandI18n(locale, chatStrings), [locale]);
  return (
    <I18nextProvider i18n={i18n}>
      <AdminChatBody locale={locale} />
    </I18nextProvider>
  );
}
