import type { $Fetch } from 'ofetch';
import { useTranslation } from 'react-i18next';
import { deadlineAfter, RESEND_SECONDS } from '~/lib/auth-flow';
import { cleanUserName } from '~/lib/user-name';
import type { InitResponse } from '~/shared/auth';
import { $auth, dispatch, resumePendingCode } from '~/stores/auth';
import { TextField } from '../../shared/TextField';
import { useFocusFirst } from '../useFocusFirst';
import { useForm } from '../useForm';
import { StepHeading } from './StepHeading';

/** INIT: a phone number or an e-mail address; the server says whether a password or a code follows. */
export function InitStep({ api }: { api: $Fetch }) {
  const { t } = useTranslation();
  // Coming back here keeps the user name (SPEC §4).
  const { bindForm, ...form } = useForm({ user_name: $auth.get().user_name }, 'login');
  const focusRef = useFocusFirst<HTMLDivElement>();

  const send = form.submit(async () => {
    const user_name = cleanUserName(form.values.user_name);
    // Within the resend wait the server sends no new code: the one already sent is the one to type.
    if (resumePendingCode(user_name, 'login')) return;
    const reply = await api<InitResponse>('/auth/init', {
      method: 'POST',
      body: { user_name },
    });
    dispatch({ type: 'initialised', user_name, ...reply, resendAt: deadlineAfter(RESEND_SECONDS) });
  });

  return (
    <form ref={bindForm} onSubmit={send} noValidate aria-busy={form.busy}>
      <StepHeading title={t('auth.init.title')}>{t('auth.init.text')}</StepHeading>
      <div ref={focusRef} className="flex flex-col gap-5">
        <TextField
          {...form.bind('user_name')}
          label={t('auth.init.userName')}
          hint={t('auth.init.userNameHint')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          required
        />
        <button type="submit" className="button-primary w-full" disabled={form.busy}>
          {t('auth.continue')}
        </button>
      </div>
    </form>
  );
}
