import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { $flow, closeLogin } from '~/stores/auth';
import { ProfilePicker } from './ProfilePicker';
import { CompleteStep } from './steps/CompleteStep';
import { InitStep } from './steps/InitStep';
import { PasswordStep } from './steps/PasswordStep';
import { ResetStep } from './steps/ResetStep';
import { SessionsStep } from './steps/SessionsStep';
import { StepHeading } from './steps/StepHeading';
import { VerifyStep } from './steps/VerifyStep';

/** Pages where the account acts, not a profile (data-profile-later): nobody is asked who is watching. */
export const profileChoiceWaits = () => document.querySelector('[data-profile-later]') !== null;

/** The dialog's content: one screen per login step of SPEC §4, chosen by the flow store. */
export function LoginFlow({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const { step } = useStore($flow);
  switch (step) {
    case 'INIT':
    case 'DONE':
      return <InitStep api={api} />;
    case 'VERIFY':
      return <VerifyStep api={api} locale={locale} />;
    case 'COMPLETE':
    case 'REGISTER':
      return <CompleteStep api={api} locale={locale} />;
    case 'LOGIN':
      return <PasswordStep api={api} locale={locale} />;
    case 'FORGET_PASSWORD':
      return <ResetStep api={api} />;
    case 'MORE_THAN_3_ACTIVE_SESSION':
      return <SessionsStep api={api} locale={locale} />;
    case 'SELECT_PROFILE':
      // Closed at once by the header island (AuthEntry) where the choice waits.
      if (profileChoiceWaits()) return null;
      return (
        <div>
          <StepHeading title={t('auth.profiles.title')} />
          <ProfilePicker api={api} onPicked={closeLogin} />
        </div>
      );
  }
}
