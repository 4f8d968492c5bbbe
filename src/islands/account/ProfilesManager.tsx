import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Locale } from '~/lib/locale';
import type { Profile, ProfilesResponse } from '~/shared/users';
import { $auth, loadProfiles } from '~/stores/auth';
import { Dialog } from '../auth/Dialog';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { pinHeaders, withPin } from '../shared/pin-prompt';
import { ProfileForm } from './ProfileForm';
import { RequireLogin } from './RequireLogin';

type Editing = { kind: 'edit' | 'delete'; profile: Profile } | null;

function ProfilesBody({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const { profiles } = useStore($auth);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void loadProfiles(api);
  }, [api]);

  const saved = (message: string) => (next: Profile[]) => {
    $auth.setKey('profiles', next);
    setEditing(null);
    toast.success(message);
  };

  async function remove(profile: Profile) {
    setDeleting(true);
    try {
      const reply = await withPin(locale, (pin) =>
        api<ProfilesResponse>(`/me/profiles/${profile.id}`, { method: 'DELETE', headers: pinHeaders(pin) }),
      );
      saved(t('account.profiles.deleted'))(reply.profiles);
    } catch {
      // Toasted by the API client.
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-3" aria-label={t('account.profiles.list')}>
        {profiles.map((profile) => (
          <li
            key={profile.id}
            className="flex flex-col items-center gap-3 rounded-2xl border border-line p-4"
            data-profile-id={profile.id}
          >
            <img
              src={profile.avatar_url}
              alt=""
              width={80}
              height={80}
              className="size-20 rounded-full object-cover"
            />
            <p className="font-bold">
              {profile.name}
              {profile.is_main && (
                <span className="ms-2 text-sm font-normal text-ink-muted">
                  ({t('account.profiles.main')})
                </span>
              )}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className="button-secondary min-h-11"
                onClick={() => setEditing({ kind: 'edit', profile })}
                aria-label={`${t('account.edit')}: ${profile.name}`}
              >
                {t('account.edit')}
              </button>
              {!profile.is_main && (
                <button
                  type="button"
                  className="button-secondary min-h-11"
                  onClick={() => setEditing({ kind: 'delete', profile })}
                  aria-label={`${t('account.delete.short')}: ${profile.name}`}
                >
                  {t('account.delete.short')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>

      <section aria-labelledby="add-profile-title" className="mt-10 max-w-xl">
        <h2 id="add-profile-title" className="text-xl font-bold">
          {t('account.profiles.add')}
        </h2>
        <p className="mb-4 mt-1 text-ink-muted">{t('account.profiles.limit')}</p>
        <ProfileForm
          api={api}
          locale={locale}
          onSaved={saved(t('account.profiles.added'))}
          submitLabel={t('account.profiles.add')}
        />
      </section>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} labelledBy="profile-dialog-title">
        {editing?.kind === 'edit' && (
          <>
            <h2 id="profile-dialog-title" className="mb-4 pe-10 text-xl font-extrabold">
              {t('account.profiles.editTitle')}
            </h2>
            <ProfileForm
              api={api}
              locale={locale}
              profile={editing.profile}
              onSaved={saved(t('account.profiles.saved'))}
              submitLabel={t('account.save')}
            />
          </>
        )}
        {editing?.kind === 'delete' && (
          <div className="flex flex-col gap-4">
            <h2 id="profile-dialog-title" className="pe-10 text-xl font-extrabold">
              {t('account.profiles.deleteTitle', { name: editing.profile.name })}
            </h2>
            <p>{t('account.profiles.deleteText')}</p>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="button-primary"
                disabled={deleting}
                onClick={() => void remove(editing.profile)}
              >
                {t('account.delete.short')}
              </button>
              <button type="button" className="button-secondary" onClick={() => setEditing(null)}>
                {t('account.cancel')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

/** /account/profiles: the main profile and up to two members; add, edit and delete (SPEC §6). */
export default function ProfilesManager({ locale }: { locale: Locale }) {
  const api = useMemo(() => browserApi(locale), [locale]);
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <ProfilesBody api={api} locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
