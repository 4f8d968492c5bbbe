import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clockText,
  deadlineAfter,
  isCompleteCode,
  normalizeCode,
  rateLimitWaitOf,
  RESEND_SECONDS,
} from '~/lib/auth-flow';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { ResendCodeResponse, VerifyResponse } from '~/shared/auth';
import { $flow, dispatch } from '~/stores/auth';
import { TextField } from '../../shared/TextField';
import { sessionCall } from '../session';
import { useCountdown } from '../useCountdown';
import { useFocusFirst } from '../useFocusFirst';
import { useForm } from '../useForm';
import { StepHeading, UserName } from './StepHeading';

/**
 * VERIFY: the six-digit code. One field, so a pasted or autofilled code (autocomplete="one-time-code")
 * lands whole; Persian digits and stray characters are normalised as typed, and a complete code is sent
 * at once. Resending waits out a countdown, longer when the server answers 429 with Retry-After.
 */
export function VerifyStep({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const flow = useStore($flow);
  const { bindForm, ...form } = useForm({ code: '' }, 'login');
  const focusRef = useFocusFirst<HTMLDivElement>();
  // The code was sent just before this step appeared, or earlier when the viewer came back to it.
  const [resendAt, setResendAt] = useState(() => flow.pending?.resendAt ?? deadlineAfter(RESEND_SECONDS));
  const wait = useCountdown(resendAt);
  const [resending, setResending] = useState(false);
  const code = form.values.code;

  const verify = (code: string) =>
    form.submit(async () => {
      const body = { user_name: flow.user_name, code, remember_token: flow.remember_token };
      const reply = await sessionCall<VerifyResponse>(api, 'verify', '/auth/verify', body, { code });
      // With a token the session is open (DONE or SELECT_PROFILE); otherwise a form step follows.
      if (reply && !reply.token) {
        dispatch({ type: 'verified', next: reply.next, remember_token: reply.remember_token });
      }
    });

  /** Typed, pasted or autofilled: the code is normalised, and sent as soon as it is complete. */
  function typed(value: string) {
    const next = normalizeCode(value);
    form.set('code', next);
    if (isCompleteCode(next) && next !== code) void verify(next)();
  }

  async function resend() {
    setResending(true);
    try {
      const purpose = flow.purpose === 'forget' ? 'forget' : undefined;
      const reply = await api<ResendCodeResponse>('/auth/resend-code', {
        method: 'POST',
        body: { user_name: flow.user_name, remember_token: flow.remember_token, purpose },
      });
      const next = deadlineAfter(RESEND_SECONDS);
      dispatch({
        type: 'code-sent',
        purpose: flow.purpose,
        remember_token: reply.remember_token,
        resendAt: next,
      });
      form.set('code', '');
      setResendAt(next);
    } catch (error) {
      // The toast said why; a 429 also says how long to wait, and the countdown shows it.
      const seconds = rateLimitWaitOf(error);
      if (seconds !== null) setResendAt(deadlineAfter(seconds));
    } finally {
      setResending(false);
    }
  }

  return (
    <form ref={bindForm} onSubmit={(event) => void verify(code)(event)} noValidate aria-busy={form.busy}>
      <StepHeading title={t('auth.verify.title')}>
        {t('auth.verify.sentTo')} <UserName value={localDigits(flow.user_name, locale)} />
      </StepHeading>
      <div ref={focusRef} className="flex flex-col gap-5">
        <TextField
          {...form.bind('code')}
          onValue={typed}
          value={localDigits(code, locale)}
          label={t('auth.verify.code')}
          hint={t('auth.verify.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          dir="ltr"
          required
        />
        <button type="submit" className="button-primary w-full" disabled={form.busy || !isCompleteCode(code)}>
          {t('auth.verify.submit')}
        </button>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* The wait counts down on the button itself; the clock ticks silently (role timer) and the
              live region speaks only when it matters. */}
          <button
            type="button"
            className="button-secondary"
            onClick={() => void resend()}
            disabled={wait > 0 || resending}
            data-resend
          >
            {t('auth.verify.resend')}
            {wait > 0 && (
              <>
                {' '}
                <span role="timer" className="tabular-nums">
                  <bdi dir="ltr">{localDigits(clockText(wait), locale)}</bdi>
                </span>
              </>
            )}
          </button>
          <span aria-live="polite" className="sr-only">
            {wait === 0 ? t('auth.verify.resendReady') : ''}
          </span>
        </div>
        <button
          type="button"
          className="self-start text-accent underline"
          onClick={() => dispatch({ type: 'back' })}
        >
          {t('auth.changeUserName')}
        </button>
      </div>
    </form>
  );
}
