import type { $Fetch } from 'ofetch';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { localDigits } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import type { Me, MeResponse, UpdateMeRequest } from '~/shared/users';
import { $auth, deleteAccount } from '~/stores/auth';
import { Dialog } from '../auth/Dialog';
import { IslandRoot } from '../auth/IslandRoot';
import { useForm } from '../auth/useForm';
import { browserApi } from '../shared/api';
import { TextField } from '../shared/TextField';
import { RequireLogin } from './RequireLogin';

function DetailsForm({ api, me }: { api: $Fetch; me: Me }) {
  const { t } = useTranslation();
  const { bindForm, ...form } = useForm({ name: me.name, email: me.email ?? '' }, 'account');
  const save = form.submit(async () => {
    const email = form.values.email.trim();
    const reply = await api<MeResponse>('/me', {
      method: 'POST',
      body: { name: form.values.name, ...(email ? { email } : {}) } satisfies UpdateMeRequest,
    });
    $auth.setKey('userMeta', reply.me);
    toast.success(t('account.settings.saved'));
  });
  return (
    <form
      ref={bindForm}
      onSubmit={save}
      noValidate
      className="flex max-w-xl flex-col gap-5"
      aria-busy={form.busy}
    >
      <TextField {...form.bind('name')} label={t('account.settings.name')} autoComplete="name" required />
      <TextField
        {...form.bind('email')}
        label={t('account.settings.email')}
        type="email"
        autoComplete="email"
        dir="ltr"
      />
      <div>
        <button type="submit" className="button-primary" disabled={form.busy}>
          {t('account.save')}
        </button>
      </div>
    </form>
  );
}

function DeleteAccount({ api, me, locale }: { api: $Fetch; me: Me; locale: Locale }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { bindForm, ...form } = useForm({ password: '' }, 'delete');
  const remove = form.submit(async () => {
    // SPEC §4: signed out whatever the answer; the toast tells a refusal (e.g. a wrong password) apart.
    await deleteAccount(api, form.values.password || undefined);
    window.location.assign(localPath('/', locale));
  });
  return (
    <section aria-labelledby="delete-title" className="mt-12 max-w-xl rounded-2xl border border-accent p-5">
      <h2 id="delete-title" className="text-xl font-bold">
        {t('account.delete.title')}
      </h2>
      <p className="mt-2 text-ink-muted">{t('account.delete.text')}</p>
      <button type="button" className="button-secondary mt-4" onClick={() => setOpen(true)}>
        {t('account.delete.open')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy="delete-confirm-title">
        <form ref={bindForm} onSubmit={remove} noValidate className="flex flex-col gap-4">
          <h2 id="delete-confirm-title" className="pe-10 text-xl font-extrabold">
            {t('account.delete.confirmTitle')}
          </h2>
          <p>{t('account.delete.confirmText')}</p>
          {me.has_password && (
            <TextField
              {...form.bind('password')}
              label={t('auth.password')}
              type="password"
              autoComplete="current-password"
              dir="ltr"
              required
            />
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="button-primary" disabled={form.busy}>
              {t('account.delete.confirm')}
            </button>
            <button type="button" className="button-secondary" onClick={() => setOpen(false)}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}

/** /account: name and e-mail, the login name shown for reference, and deleting the account. */
export default function AccountSettings({ locale }: { locale: Locale }) {
  const api = useMemo(() => browserApi(locale), [locale]);
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>
        {(me) => (
          <>
            <LoginName me={me} locale={locale} />
            <DetailsForm key={me.id} api={api} me={me} />
            <DeleteAccount api={api} me={me} locale={locale} />
          </>
        )}
      </RequireLogin>
    </IslandRoot>
  );
}

function LoginName({ me, locale }: { me: Me; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <p className="mb-6 text-ink-muted">
      {t('account.settings.userName')}:{' '}
      <bdi dir="ltr" className="font-bold text-ink">
        {localDigits(me.user_name, locale)}
      </bdi>
    </p>
  );
}
