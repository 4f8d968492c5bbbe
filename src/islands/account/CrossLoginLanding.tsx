import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localPath, type Locale } from '~/lib/locale';
import { $auth, dispatch, openLogin } from '~/stores/auth';
import { IslandRoot } from '../auth/IslandRoot';
import { sessionCall } from '../auth/session';
import { useForm } from '../auth/useForm';
import { browserApi } from '../shared/api';
import { TextField } from '../shared/TextField';

function Landing({ locale, initialCode }: { locale: Locale; initialCode: string }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const { isLogin, userMeta } = useStore($auth);
  const { bindForm, ...form } = useForm({ s_id: initialCode }, 'cross');
  const started = useRef(false);

  const consume = form.submit(async () => {
    const s_id = form.values.s_id.trim().toUpperCase();
    dispatch({ type: 'cross-login', s_id });
    const reply = await sessionCall(api, 'cross-login', '/auth/cross-login', { s_id });
    // Refused as a 4th device: the login dialog lists the devices and retries this call.
    if (!reply) openLogin();
  });

  // Arriving from the QR code: the code is in the address, so log in straight away (once).
  useEffect(() => {
    if (initialCode && !started.current) {
      started.current = true;
      void consume();
    }
  }, [initialCode, consume]);

  if (isLogin && userMeta) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-lg" role="status">
          {t('account.crossLogin.done', { name: userMeta.name })}
        </p>
        <a href={localPath('/', locale)} className="button-primary no-underline">
          {t('notFound.home')}
        </a>
      </div>
    );
  }
  return (
    <form
      ref={bindForm}
      onSubmit={consume}
      noValidate
      className="flex max-w-md flex-col gap-4"
      aria-busy={form.busy}
    >
      <TextField
        {...form.bind('s_id')}
        label={t('account.crossLogin.code')}
        hint={t('account.crossLogin.typeHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        required
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="button-primary" disabled={form.busy}>
          {t('account.crossLogin.submit')}
        </button>
        <button type="button" className="button-secondary" onClick={openLogin}>
          {t('auth.open')}
        </button>
      </div>
    </form>
  );
}

/** /login?s_id=…: this device logs in with a code made on a logged-in one (scanned QR or typed). */
export default function CrossLoginLanding({ locale, initialCode }: { locale: Locale; initialCode: string }) {
  return (
    <IslandRoot locale={locale}>
      <Landing locale={locale} initialCode={initialCode} />
    </IslandRoot>
  );
}
