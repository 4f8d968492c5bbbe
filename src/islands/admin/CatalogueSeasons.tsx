import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { controlClass, Field, Group, type FieldErrors } from './catalogue-controls';
import type { EpisodeRow, SeasonRow } from './catalogue-form';

/** A series' seasons and their episodes: number and name in both languages, added and removed freely. */
export function CatalogueSeasons({
  locale,
  seasons,
  errors,
  onChange,
}: {
  locale: Locale;
  seasons: SeasonRow[];
  errors: FieldErrors;
  onChange: (seasons: SeasonRow[]) => void;
}) {
  const { t } = useTranslation();
  const setSeason = (index: number, row: SeasonRow) =>
    onChange(seasons.map((season, i) => (i === index ? row : season)));

  /** Number, Persian and English name of a season or an episode, at `path` in the API's terms. */
  const nameFields = (
    path: string,
    row: { number: string; title: string; en_title: string },
    set: (patch: Partial<EpisodeRow>) => void,
    numberLabel: string,
  ) => (
    <>
      <Field id={`${path}-number`} name={`${path}.number`} label={numberLabel} errors={errors}>
        {(props) => (
          <input
            {...props}
            type="number"
            dir="ltr"
            className={controlClass}
            value={row.number}
            onChange={(event) => set({ number: event.target.value })}
          />
        )}
      </Field>
      <Field
        id={`${path}-title`}
        name={`${path}.title`}
        label={t('adminCatalogue.fields.title')}
        errors={errors}
      >
        {(props) => (
          <input
            {...props}
            dir="rtl"
            className={controlClass}
            value={row.title}
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </Field>
      <Field
        id={`${path}-en_title`}
        name={`${path}.en_title`}
        label={t('adminCatalogue.fields.enTitle')}
        errors={errors}
      >
        {(props) => (
          <input
            {...props}
            dir="ltr"
            className={controlClass}
            value={row.en_title}
            onChange={(event) => set({ en_title: event.target.value })}
          />
        )}
      </Field>
    </>
  );

  return (
    <Group legend={t('adminCatalogue.groups.seasons')}>
      {seasons.map((season, index) => {
        const setEpisode = (e: number, patch: Partial<EpisodeRow>) =>
          setSeason(index, {
            ...season,
            episodes: season.episodes.map((item, i) => (i === e ? { ...item, ...patch } : item)),
          });
        const newEpisode: EpisodeRow = {
          number: String(season.episodes.length + 1),
          title: '',
          en_title: '',
          synopsis: '',
          en_synopsis: '',
          duration_minutes: '',
        };
        return (
          <fieldset
            key={season.id ?? `new-${index}`}
            className="flex flex-col gap-3 rounded-xl border border-line p-3"
          >
            <legend className="px-1 font-bold">
              {t('adminCatalogue.seasonNumber', { number: localDigits(season.number || index + 1, locale) })}
            </legend>
            <div className="grid gap-2 sm:grid-cols-[8rem_1fr_1fr]">
              {nameFields(
                `seasons.${index}`,
                season,
                (patch) => setSeason(index, { ...season, ...patch }),
                t('adminCatalogue.fields.number'),
              )}
            </div>
            <ol className="flex flex-col gap-2">
              {season.episodes.map((episode, e) => (
                <li
                  key={episode.id ?? `new-${e}`}
                  className="grid items-end gap-2 sm:grid-cols-[6rem_1fr_1fr_auto]"
                >
                  {nameFields(
                    `seasons.${index}.episodes.${e}`,
                    episode,
                    (patch) => setEpisode(e, patch),
                    t('adminCatalogue.fields.episodeNumber'),
                  )}
                  <button
                    type="button"
                    className="button-secondary min-h-11"
                    onClick={() =>
                      setSeason(index, { ...season, episodes: season.episodes.filter((_, i) => i !== e) })
                    }
                  >
                    {t('adminCatalogue.remove')}
                  </button>
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="button-secondary min-h-11"
                onClick={() => setSeason(index, { ...season, episodes: [...season.episodes, newEpisode] })}
              >
                {t('adminCatalogue.addEpisode')}
              </button>
              <button
                type="button"
                className="button-secondary min-h-11"
                onClick={() => onChange(seasons.filter((_, i) => i !== index))}
              >
                {t('adminCatalogue.removeSeason')}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button-secondary min-h-11 self-start"
        onClick={() =>
          onChange([
            ...seasons,
            { number: String(seasons.length + 1), title: '', en_title: '', episodes: [] },
          ])
        }
      >
        {t('adminCatalogue.addSeason')}
      </button>
    </Group>
  );
}
