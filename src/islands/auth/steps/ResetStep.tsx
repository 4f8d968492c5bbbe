import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useTranslation } from 'react-i18next';
import { $flow } from '~/stores/auth';
import { sessionCall } from '../session';
import { useFocusFirst } from '../useFocusFirst';
import { useForm } from '../useForm';
import { NewPasswordFields } from './NewPasswordFields';
import { StepHeading } from './StepHeading';

/** FORGET_PASSWORD: the code was verified; a new password (twice) opens a session. */
export function ResetStep({ api }: { api: $Fetch }) {
  const { t } = useTranslation();
  const flow = useStore($flow);
  const { bindForm, ...form } = useForm({ password: '', password_confirmation: '' }, 'login');
  const focusRef = useFocusFirst<HTMLDivElement>();

  const reset = form.submit(async () => {
    await sessionCall(
      api,
      'reset',
      '/auth/reset-password',
      { remember_token: flow.remember_token, ...form.values },
      { password: form.values.password },
    );
  });

  return (
    <form ref={bindForm} onSubmit={reset} noValidate aria-busy={form.busy}>
      <StepHeading title={t('auth.reset.title')}>{t('auth.reset.text')}</StepHeading>
      <div ref={focusRef} className="flex flex-col gap-4">
        <input type="text" name="username" autoComplete="username" value={flow.user_name} readOnly hidden />
        <NewPasswordFields bind={form.bind} passwordLabel={t('auth.reset.password')} />
        <button type="submit" className="button-primary w-full" disabled={form.busy}>
          {t('auth.reset.submit')}
        </button>
      </div>
    </form>
  );
}
