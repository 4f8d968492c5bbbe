import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deadlineAfter, RESEND_SECONDS } from '~/lib/auth-flow';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { ResendCodeResponse } from '~/shared/auth';
import { $flow, dispatch, resumePendingCode } from '~/stores/auth';
import { TextField } from '../../shared/TextField';
import { sessionCall } from '../session';
import { useFocusFirst } from '../useFocusFirst';
import { useForm } from '../useForm';
import { StepHeading, UserName } from './StepHeading';

/** LOGIN: the password of a known account, or "forgot password" (a code, then a new password). */
export function PasswordStep({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const flow = useStore($flow);
  const { bindForm, ...form } = useForm({ password: '' }, 'login');
  const [sendingCode, setSendingCode] = useState(false);
  const focusRef = useFocusFirst<HTMLDivElement>();

  const login = form.submit(async () => {
    const { password } = form.values;
    await sessionCall(api, 'login', '/auth/login', { user_name: flow.user_name, password }, { password });
  });

  async function forgot() {
    // A reset code sent less than the wait ago is still the one to type.
    if (resumePendingCode(flow.user_name, 'forget')) return;
    setSendingCode(true);
    try {
      const reply = await api<ResendCodeResponse>('/auth/resend-code', {
        method: 'POST',
        body: { user_name: flow.user_name, remember_token: flow.remember_token, purpose: 'forget' },
      });
      dispatch({
        type: 'code-sent',
        purpose: 'forget',
        remember_token: reply.remember_token,
        resendAt: deadlineAfter(RESEND_SECONDS),
      });
    } catch {
      // Toasted by the API client (e.g. 429: wait before asking again); the viewer stays here.
    } finally {
      setSendingCode(false);
    }
  }

  return (
    <form ref={bindForm} onSubmit={login} noValidate aria-busy={form.busy}>
      <StepHeading title={t('auth.login.title')}>
        {t('auth.login.text')} <UserName value={localDigits(flow.user_name, locale)} />
      </StepHeading>
      <div ref={focusRef} className="flex flex-col gap-5">
        {/* Lets password managers pair the password with the account it belongs to. */}
        <input type="text" name="username" autoComplete="username" value={flow.user_name} readOnly hidden />
        <TextField
          {...form.bind('password')}
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          dir="ltr"
          required
        />
        <button type="submit" className="button-primary w-full" disabled={form.busy}>
          {t('auth.login.submit')}
        </button>
        <div className="flex flex-wrap justify-between gap-2">
          <button
            type="button"
            className="text-accent underline disabled:opacity-60"
            onClick={() => void forgot()}
            disabled={sendingCode}
          >
            {t('auth.login.forgot')}
          </button>
          <button type="button" className="text-accent underline" onClick={() => dispatch({ type: 'back' })}>
            {t('auth.changeUserName')}
          </button>
        </div>
      </div>
    </form>
  );
}
