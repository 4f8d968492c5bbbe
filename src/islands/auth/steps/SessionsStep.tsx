import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryCall } from '~/lib/auth-flow';
import type { Locale } from '~/lib/locale';
import { $flow, dispatch } from '~/stores/auth';
import { SessionList } from '../SessionList';
import { sessionCall } from '../session';
import { useFocusFirst } from '../useFocusFirst';
import { StepHeading } from './StepHeading';

/**
 * MORE_THAN_3_ACTIVE_SESSION: the viewer ends one of the three devices and the refused call is made
 * again with remove_session_id (the password or code was kept for this).
 */
export function SessionsStep({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const flow = useStore($flow);
  const [busyId, setBusyId] = useState<number | null>(null);
  const focusRef = useFocusFirst<HTMLDivElement>();

  async function remove(id: number) {
    const call = retryCall(flow, id);
    if (!call || !flow.retry) return;
    setBusyId(id);
    try {
      await sessionCall(api, flow.retry, call.path, call.body);
    } catch {
      // Toasted; the list stays so the viewer can try another device or go back.
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div>
      <StepHeading title={t('auth.sessions.title')}>{t('auth.sessions.text')}</StepHeading>
      <div ref={focusRef} className="flex flex-col gap-5">
        <SessionList
          locale={locale}
          sessions={flow.active_sessions}
          actionLabel={t('auth.sessions.remove')}
          onAction={(session) => void remove(session.id)}
          busyId={busyId}
        />
        <button
          type="button"
          className="self-start text-accent underline"
          onClick={() => dispatch({ type: 'back' })}
        >
          {t('auth.changeUserName')}
        </button>
      </div>
    </div>
  );
}
