import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemOf } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import type { Family, FamilyProfile } from '~/shared/kids';
import { $auth, loadProfiles, selectProfile } from '~/stores/auth';
import { browserApi } from '../shared/api';
import { withPin } from '../shared/pin-prompt';

/**
 * "Who is watching": the account's profiles as large buttons (avatar and name). Used by the login
 * dialog's SELECT_PROFILE step and by the /profiles page. Loading failures sign out (SPEC §4).
 *
 * A profile with a PIN, or leaving a kids profile when the account says so, asks for the PIN the
 * server names (issue 29). The pages are rendered for a kids profile on the server, so moving into or
 * out of one reloads the page (unless `onPicked` goes to another page anyway: `reloads` false).
 */
export function ProfilePicker({
  api,
  onPicked,
  reloads = true,
}: {
  api: $Fetch;
  onPicked?: () => void;
  reloads?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const quiet = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const { profiles, userMeta } = useStore($auth);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [family, setFamily] = useState<Map<number, FamilyProfile>>(new Map());

  useEffect(() => {
    void loadProfiles(api);
    quiet<Family>('/me/family').then(
      (reply) => setFamily(new Map(reply.profiles.map((profile) => [profile.id, profile]))),
      () => undefined,
    );
  }, [api, quiet]);

  async function pick(id: number, name: string) {
    setBusyId(id);
    const before = userMeta?.profile?.id;
    try {
      await withPin(locale, (pin) => selectProfile(quiet, id, pin));
      toast.success(t('auth.profiles.picked', { name }));
      const kidsChanged = Boolean(family.get(id)?.kids) !== Boolean(before && family.get(before)?.kids);
      onPicked?.();
      if (kidsChanged && reloads) window.location.reload();
    } catch (error) {
      toast.error(problemOf(error, locale));
    } finally {
      setBusyId(null);
    }
  }

  if (profiles.length === 0) return <p className="text-ink-muted">{t('account.loading')}</p>;
  return (
    <ul className="flex flex-wrap justify-center gap-4" data-profile-picker>
      {profiles.map((profile) => {
        const facts = family.get(profile.id);
        return (
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
              <span className="font-bold">
                {profile.name}
                {facts?.has_pin && (
                  <span className="ms-1" role="img" aria-label={t('account.family.hasPin')}>
                    🔒
                  </span>
                )}
              </span>
              {facts?.kids && (
                <span className="rounded bg-accent-soft px-2 text-xs font-bold text-accent">
                  {t('account.family.kids')}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
