import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { Locale } from '~/lib/locale';
import type { ReminderStateBody } from '~/shared/screenings';
import { $token } from '~/stores/auth';
import { isUnauthorized, requestLogin } from '../catalog/session';
import { browserApi } from '../shared/api';
import { Toasts } from '../shared/Toasts';
import { t } from './strings';

/**
 * "Remind me" of an upcoming screening (issue 30): for anyone signed in, ticket or not; the server
 * sends one SMS or e-mail `minutes` before the start. Without a session the press opens the login
 * dialog. A toggle button (aria-pressed), with the note of what will happen once set.
 */
export default function RemindMe({
  productId,
  locale,
  minutes,
}: {
  productId: number;
  locale: Locale;
  minutes: number;
}) {
  const api = useMemo(() => browserApi(locale), [locale]);
  const token = useStore($token);
  const [reminded, setReminded] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/screenings/${productId}/reminder`;

  useEffect(() => {
    if (!token) return;
    let live = true;
    api<ReminderStateBody>(path)
      .then((state) => live && setReminded(state.reminded))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, path, token]);

  async function toggle() {
    if (!token) {
      requestLogin();
      return;
    }
    setBusy(true);
    try {
      const state = await api<ReminderStateBody>(path, { method: reminded ? 'DELETE' : 'PUT' });
      setReminded(state.reminded);
      toast.success(t(locale, state.reminded ? 'screenings.reminded' : 'screenings.reminderCancelled'));
    } catch (error) {
      if (isUnauthorized(error)) requestLogin();
    } finally {
      setBusy(false);
    }
  }

  const on = Boolean(token) && reminded === true;
  return (
    <div className="flex flex-col gap-1" data-remind-me>
      <button
        type="button"
        className="inline-flex min-h-11 w-fit items-center gap-2 rounded-full border border-line bg-surface px-4 font-bold text-ink hover:border-accent aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent disabled:opacity-60"
        aria-pressed={on}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <svg
          className="size-5"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {t(locale, on ? 'screenings.reminded' : token ? 'screenings.remindMe' : 'screenings.loginToRemind')}
      </button>
      {on && (
        <p className="text-sm text-ink-muted" role="status">
          {t(locale, 'screenings.remindNote', { minutes })}
        </p>
      )}
      <Toasts locale={locale} />
    </div>
  );
}
