import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/TextField';

type Bound = Pick<Parameters<typeof TextField>[0], 'name' | 'idPrefix' | 'value' | 'errors' | 'onValue'>;

/** A new password typed twice, as sign-up and "forgot password" ask for it. */
export function NewPasswordFields({
  bind,
  passwordLabel,
}: {
  bind: (field: 'password' | 'password_confirmation') => Bound;
  passwordLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...bind('password')}
        label={passwordLabel}
        hint={t('auth.passwordHint')}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        required
      />
      <TextField
        {...bind('password_confirmation')}
        label={t('auth.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        required
      />
    </>
  );
}
