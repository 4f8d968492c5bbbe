import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { subtitleColors, subtitleSizes, type Preferences } from '~/shared/preferences-constants';

/** The audio languages offered here; the player may have saved another (a title's own original). */
const audioLanguages = ['auto', 'fa', 'en'] as const;
const subtitleLanguages = ['auto', 'off', 'fa', 'en'] as const;

/** The sample line as the player draws it (Controls.tsx), so the choice is seen before watching. */
const sampleSize = { small: 'text-base', medium: 'text-lg', large: 'text-2xl' } as const;
const sampleColor = { white: 'text-white', yellow: 'text-yellow-300', cyan: 'text-cyan-300' } as const;

/** Every preference field of src/shared/preferences.ts as the multipart profile form sends it. */
export function preferencesForm(body: FormData, preferences: Preferences): void {
  body.set('audio_language', preferences.audio_language);
  body.set('audio_description', String(preferences.audio_description));
  body.set('subtitle_language', preferences.subtitle_language);
  body.set('subtitle_size', preferences.subtitle_size);
  body.set('subtitle_box', String(preferences.subtitle_box));
  body.set('subtitle_color', preferences.subtitle_color);
}

/**
 * A profile's audio and subtitles on the profile form: what the player starts with. The player saves
 * the viewer's own changes to the same fields.
 */
export function PreferenceFields({
  locale,
  value,
  onChange,
}: {
  locale: Locale;
  value: Preferences;
  onChange: (next: Preferences) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (change: Partial<Preferences>) => onChange({ ...value, ...change });
  const otherAudio = !(audioLanguages as readonly string[]).includes(value.audio_language);
  const selectClass = 'min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink';
  const checkClass = 'flex min-h-11 items-center gap-3';

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4" data-preferences>
      <legend className="px-1 font-bold">{t('account.profiles.preferences.heading')}</legend>
      <p className="text-sm text-ink-muted">{t('account.profiles.preferences.intro')}</p>
      <label htmlFor={`${id}-audio`} className="font-bold">
        {t('account.profiles.preferences.audio')}
      </label>
      <select
        id={`${id}-audio`}
        className={selectClass}
        value={value.audio_language}
        onChange={(event) => set({ audio_language: event.target.value })}
      >
        {audioLanguages.map((language) => (
          <option key={language} value={language}>
            {t(`account.profiles.preferences.audioOptions.${language}`)}
          </option>
        ))}
        {otherAudio && (
          <option value={value.audio_language}>
            {new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(value.audio_language)}
          </option>
        )}
      </select>
      <label className={checkClass}>
        <input
          type="checkbox"
          checked={value.audio_description}
          onChange={(event) => set({ audio_description: event.target.checked })}
          className="size-6 shrink-0 accent-accent"
        />
        {t('account.profiles.preferences.audioDescription')}
      </label>
      <label htmlFor={`${id}-subtitles`} className="font-bold">
        {t('account.profiles.preferences.subtitles')}
      </label>
      <select
        id={`${id}-subtitles`}
        className={selectClass}
        value={value.subtitle_language}
        onChange={(event) =>
          set({
            subtitle_language:
              subtitleLanguages.find((language) => language === event.target.value) ?? 'auto',
          })
        }
      >
        {subtitleLanguages.map((language) => (
          <option key={language} value={language}>
            {t(`account.profiles.preferences.subtitleOptions.${language}`)}
          </option>
        ))}
      </select>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-size`} className="font-bold">
            {t('account.profiles.preferences.size')}
          </label>
          <select
            id={`${id}-size`}
            className={selectClass}
            value={value.subtitle_size}
            onChange={(event) =>
              set({ subtitle_size: subtitleSizes.find((size) => size === event.target.value) ?? 'medium' })
            }
          >
            {subtitleSizes.map((size) => (
              <option key={size} value={size}>
                {t(`account.profiles.preferences.sizes.${size}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-color`} className="font-bold">
            {t('account.profiles.preferences.color')}
          </label>
          <select
            id={`${id}-color`}
            className={selectClass}
            value={value.subtitle_color}
            onChange={(event) =>
              set({
                subtitle_color: subtitleColors.find((color) => color === event.target.value) ?? 'white',
              })
            }
          >
            {subtitleColors.map((color) => (
              <option key={color} value={color}>
                {t(`account.profiles.preferences.colors.${color}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className={checkClass}>
        <input
          type="checkbox"
          checked={value.subtitle_box}
          onChange={(event) => set({ subtitle_box: event.target.checked })}
          className="size-6 shrink-0 accent-accent"
        />
        {t('account.profiles.preferences.box')}
      </label>
      {/* The sample sits on a dark picture-like strip, as subtitles do. */}
      <div className="rounded-lg bg-neutral-700 p-4 text-center" aria-hidden="true">
        <span
          className={`inline-block rounded px-3 py-1 ${sampleSize[value.subtitle_size]} ${sampleColor[value.subtitle_color]} ${value.subtitle_box ? 'bg-black/75' : ''}`}
          style={
            value.subtitle_box ? undefined : { textShadow: '0 0 3px #000, 0 0 3px #000, 1px 1px 2px #000' }
          }
          dir={locale === 'fa' ? 'rtl' : 'ltr'}
        >
          {t('account.profiles.preferences.sample')}
        </span>
      </div>
    </fieldset>
  );
}
