import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '~/lib/api';
import { localPath, type Locale } from '~/lib/locale';
import type { SessionOpened } from '~/shared/auth';
import { $flow, sessionOpened } from '~/stores/auth';
import { TextField } from '../../shared/TextField';
import { useFocusFirst } from '../useFocusFirst';
import { useForm } from '../useForm';
import { Checkbox } from './Checkbox';
import { NewPasswordFields } from './NewPasswordFields';
import { StepHeading } from './StepHeading';

/** COMPLETE (and REGISTER, the same form): a new account's name, password and acceptance of the terms. */
export function CompleteStep({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const flow = useStore($flow);
  const { bindForm, ...form } = useForm({ name: '', password: '', password_confirmation: '' }, 'login');
  const [accepted, setAccepted] = useState(false);
  const [termsErrors, setTermsErrors] = useState<string[] | undefined>();
  const focusRef = useFocusFirst<HTMLDivElement>();

  const complete = form.submit(async () => {
    try {
      const reply = await api<SessionOpened>('/auth/compelet', {
        method: 'POST',
        body: { remember_token: flow.remember_token, ...form.values, accept_terms: accepted },
      });
      sessionOpened(reply);
    } catch (error) {
      setTermsErrors(fieldErrorsOf(error)['accept_terms']);
      throw error;
    }
  });

  return (
    <form ref={bindForm} onSubmit={complete} noValidate aria-busy={form.busy}>
      <StepHeading title={t('auth.complete.title')}>{t('auth.complete.text')}</StepHeading>
      <div ref={focusRef} className="flex flex-col gap-4">
        <TextField {...form.bind('name')} label={t('auth.complete.name')} autoComplete="name" required />
        <NewPasswordFields bind={form.bind} passwordLabel={t('auth.password')} />
        <Checkbox
          id="login-accept_terms"
          name="accept_terms"
          checked={accepted}
          onChange={(checked) => {
            setAccepted(checked);
            setTermsErrors(undefined);
          }}
          errors={termsErrors}
        >
          {/* One sentence with the link inside it: word order differs between the languages. */}
          <Trans
            i18nKey="auth.complete.accept"
            components={{
              terms: (
                <a
                  href={localPath('/terms', locale)}
                  target="_blank"
                  rel="noopener"
                  className="text-accent underline"
                />
              ),
            }}
          />
        </Checkbox>
        <button type="submit" className="button-primary w-full" disabled={form.busy}>
          {t('auth.complete.submit')}
        </button>
      </div>
    </form>
  );
}
