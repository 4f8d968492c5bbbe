import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { $auth, loadProfiles, selectProfile } from '~/stores/auth';

/**
 * "Who is watching": the account's profiles as large buttons (avatar and name). Used by the login
 * dialog's SELECT_PROFILE step and by the /profiles page. Loading failures sign out (SPEC §4).
 */
export function ProfilePicker({ api, onPicked }: { api: $Fetch; onPicked?: () => void }) {
  const { t } = useTranslation();
  const { profiles, userMeta } = useStore($auth);
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    void loadProfiles(api);
  }, [api]);

  async function pick(id: number, name: string) {
    setBusyId(id);
    try {
      await selectProfile(api, id);
      toast.success(t('auth.profiles.picked', { name }));
      onPicked?.();
    } catch {
      // Toasted by the API client.
    } finally {
      setBusyId(null);
    }
  }

  if (profiles.length === 0) return <p className="text-ink-muted">{t('account.loading')}</p>;
  return (
    <ul className="flex flex-wrap justify-center gap-4" data-profile-picker>
      {profiles.map((profile) => (
        <li key={profile.id}>
          <button
            type="button"
            onClick={() => void pick(profile.id, profile.name)}
            disabled={busyId !== null}
            aria-pressed={userMeta?.profile?.id === profile.id}
            className="group flex w-28 flex-col items-center gap-2 rounded-xl p-2 hover:bg-surface-raised aria-pressed:bg-accent-soft"
          >
            <img
              src={profile.avatar_url}
              alt=""
              width={96}
              height={96}
              className="size-24 rounded-full border-2 border-line object-cover group-hover:border-accent"
            />
            <span className="font-bold">{profile.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
