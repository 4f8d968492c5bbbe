import type { $Fetch } from 'ofetch';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import type { AvatarsResponse, DefaultAvatar as Avatar } from '~/shared/core';
import { defaultPreferences } from '~/shared/preferences-constants';
import type { Profile, ProfilesResponse } from '~/shared/users';
import { useForm } from '../auth/useForm';
import { TextField } from '../shared/TextField';
import { PreferenceFields, preferencesForm } from './PreferenceFields';
import { pinHeaders, withPin } from '../shared/pin-prompt';

/** GET /core/default-avatars, loaded once per page (the list is fixed). */
let avatarsRequest: Promise<Avatar[]> | null = null;
function defaultAvatars(api: $Fetch): Promise<Avatar[]> {
  avatarsRequest ??= api<AvatarsResponse>('/core/default-avatars')
    .then((reply) => reply.avatars)
    .catch(() => {
      avatarsRequest = null;
      return [];
    });
  return avatarsRequest;
}

interface ProfileFormProps {
  api: $Fetch;
  locale: Locale;
  /** The profile being edited; absent when adding one. */
  profile?: Profile;
  onSaved: (profiles: Profile[]) => void;
  submitLabel: string;
}

/**
 * A profile's name and picture: one of the default avatars (a radio group of images) or an uploaded
 * image. Sent as multipart, as the API expects; the server checks and re-encodes the file.
 */
export function ProfileForm({ api, locale, profile, onSaved, submitLabel }: ProfileFormProps) {
  const { t } = useTranslation();
  const prefix = `profile-${profile?.id ?? 'new'}`;
  const { bindForm, ...form } = useForm({ name: profile?.name ?? '' }, prefix);
  const [avatars, setAvatars] = useState<Avatar[]>([]);
  const [avatarId, setAvatarId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [autoplayNext, setAutoplayNext] = useState(profile?.autoplay_next ?? true);
  const [preferences, setPreferences] = useState(profile?.preferences ?? defaultPreferences);
  const groupId = useId();

  useEffect(() => {
    void defaultAvatars(api).then((list) => {
      setAvatars(list);
      // A new profile starts with the first default picture chosen, so it never lacks one.
      if (!profile && list[0]) setAvatarId((current) => current ?? list[0]!.id);
    });
  }, [api, profile]);

  const save = form.submit(async () => {
    const body = new FormData();
    body.set('name', form.values.name.trim());
    if (file) body.set('avatar', file);
    else if (avatarId !== null) body.set('avatar_id', String(avatarId));
    body.set('autoplay_next', String(autoplayNext));
    preferencesForm(body, preferences);
    const path = profile ? `/me/profiles/${profile.id}` : '/me/profiles';
    // The account may ask for the main PIN to add or edit profiles (issue 29).
    const reply = await withPin(locale, (pin) =>
      api<ProfilesResponse>(path, { method: 'POST', body, headers: pinHeaders(pin) }),
    );
    onSaved(reply.profiles);
    if (!profile) {
      form.set('name', '');
      setFile(null);
      setAutoplayNext(true);
      setPreferences(defaultPreferences);
    }
  });

  return (
    <form ref={bindForm} onSubmit={save} noValidate className="flex flex-col gap-4" aria-busy={form.busy}>
      <TextField {...form.bind('name')} label={t('account.profiles.name')} autoComplete="off" required />
      <fieldset>
        <legend id={groupId} className="font-bold">
          {t('account.profiles.avatar')}
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {avatars.map((avatar) => (
            <label key={avatar.id} className="cursor-pointer">
              <input
                type="radio"
                name={`${prefix}-avatar`}
                value={avatar.id}
                checked={!file && avatarId === avatar.id}
                onChange={() => {
                  setAvatarId(avatar.id);
                  setFile(null);
                }}
                className="peer sr-only"
              />
              <img
                src={avatar.url}
                alt={locale === 'en' ? avatar.en_title : avatar.title}
                width={56}
                height={56}
                className="size-14 rounded-full border-2 border-transparent peer-checked:border-accent peer-focus-visible:outline-3 peer-focus-visible:outline-accent"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-upload`} className="font-bold">
          {t('account.profiles.upload')}
        </label>
        <input
          id={`${prefix}-upload`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={`${prefix}-upload-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p id={`${prefix}-upload-hint`} className="text-sm text-ink-muted">
          {t('account.profiles.uploadHint')}
        </p>
      </div>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={autoplayNext}
          onChange={(event) => setAutoplayNext(event.target.checked)}
          className="size-6 shrink-0 accent-accent"
        />
        {t('account.profiles.autoplayNext')}
      </label>
      <PreferenceFields locale={locale} value={preferences} onChange={setPreferences} />
      <div>
        <button type="submit" className="button-primary" disabled={form.busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
