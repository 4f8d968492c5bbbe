import type { $Fetch } from 'ofetch';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { clockText, deadlineAfter } from '~/lib/auth-flow';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { CrossLoginCode } from '~/shared/auth';
import type { Device, SessionsResponse } from '~/shared/users';
import { IslandRoot } from '../auth/IslandRoot';
import { SessionList } from '../auth/SessionList';
import { useCountdown } from '../auth/useCountdown';
import { browserApi } from '../shared/api';
import { RequireLogin } from './RequireLogin';

function Sessions({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<Device[] | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    api<SessionsResponse>('/me/sessions').then(
      (reply) => setSessions(reply.sessions),
      () => setSessions([]),
    );
  }, [api]);

  async function end(id: number) {
    setBusyId(id);
    try {
      setSessions((await api<SessionsResponse>(`/me/sessions/${id}`, { method: 'DELETE' })).sessions);
      toast.success(t('account.devices.ended'));
    } catch {
      // Toasted by the API client.
    } finally {
      setBusyId(null);
    }
  }

  if (!sessions) return <p className="text-ink-muted">{t('account.loading')}</p>;
  return (
    <SessionList
      locale={locale}
      sessions={sessions}
      actionLabel={t('account.devices.end')}
      onAction={(session) => void end(session.id)}
      busyId={busyId}
    />
  );
}

/** "Log in another device": a one-time code as a QR (to scan) and as text (to type at /login). */
function CrossLogin({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<(CrossLoginCode & { until: number }) | null>(null);
  const [busy, setBusy] = useState(false);
  const left = useCountdown(code?.until ?? null);
  const expired = code !== null && left === 0;

  async function create() {
    setBusy(true);
    try {
      const reply = await api<CrossLoginCode>('/auth/cross-login/create', { method: 'POST' });
      setCode({ ...reply, until: deadlineAfter(reply.expires_in) });
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="cross-login-title" className="mt-12 max-w-xl">
      <h2 id="cross-login-title" className="text-xl font-bold">
        {t('account.crossLogin.title')}
      </h2>
      <p className="mt-1 text-ink-muted">{t('account.crossLogin.text')}</p>
      {code && !expired && (
        <div className="mt-4 flex flex-col items-start gap-3" data-cross-login>
          <img
            src={code.qr}
            alt={t('account.crossLogin.qr')}
            width={192}
            height={192}
            className="size-48 rounded-lg bg-white p-2"
          />
          <p>
            {t('account.crossLogin.code')}:{' '}
            <bdi dir="ltr" className="font-mono text-2xl font-bold tracking-widest" data-s-id>
              {code.s_id}
            </bdi>
          </p>
          <p role="timer" className="text-ink-muted">
            {t('account.crossLogin.expiresIn')} <bdi dir="ltr">{localDigits(clockText(left), locale)}</bdi>
          </p>
        </div>
      )}
      <p aria-live="polite" className="mt-2">
        {expired ? t('account.crossLogin.expired') : ''}
      </p>
      <button type="button" className="button-primary mt-4" onClick={() => void create()} disabled={busy}>
        {code ? t('account.crossLogin.again') : t('account.crossLogin.create')}
      </button>
    </section>
  );
}

/** /account/devices: the account's active sessions (this one marked), ending others, and cross-login. */
export default function DevicesPanel({ locale }: { locale: Locale }) {
  const api = useMemo(() => browserApi(locale), [locale]);
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>
        {() => (
          <>
            <Sessions api={api} locale={locale} />
            <CrossLogin api={api} locale={locale} />
          </>
        )}
      </RequireLogin>
    </IslandRoot>
  );
}
