import { useCallback, useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemOf } from '~/lib/api';
import { formatNumber } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { AwardResultsBody } from '~/shared/award';
import { browserApi } from '../shared/api';

/**
 * A festival's audience award in its console page (issue 30): turned on with its voting window and
 * watched share, the live results by title, and the switch that shows them on the festival page.
 */
export function CatalogueAward({ locale, festivalId }: { locale: Locale; festivalId: number }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [award, setAward] = useState<AwardResultsBody | null>(null);
  const [hours, setHours] = useState('24');
  const [percent, setPercent] = useState('50');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/staff/festivals/${festivalId}/award`;

  const show = useCallback((body: AwardResultsBody) => {
    setAward(body);
    setHours(String(body.window_hours));
    setPercent(String(body.min_watched_percent));
  }, []);
  useEffect(() => {
    api<AwardResultsBody>(path).then(show, () => setAward(null));
  }, [api, path, show]);

  async function call(run: () => Promise<AwardResultsBody>, done?: string) {
    setBusy(true);
    setProblem(null);
    try {
      show(await run());
      if (done) toast.success(done);
    } catch (error) {
      setProblem(problemOf(error, locale));
    } finally {
      setBusy(false);
    }
  }

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void call(
      () =>
        api<AwardResultsBody>(path, {
          method: 'PUT',
          body: { window_hours: Number(hours), min_watched_percent: Number(percent) },
        }),
      t('award.saved'),
    );
  };
  const publish = (published: boolean) =>
    void call(() => api<AwardResultsBody>(`${path}/publish`, { method: 'POST', body: { published } }));

  const input = 'min-h-11 w-28 rounded-lg border border-line bg-surface px-3';
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line p-4" data-catalogue-award>
      <h2 className="text-lg font-bold">{t('award.console')}</h2>
      {!award && <p className="text-ink-muted">{t('award.consoleOff')}</p>}
      <form className="flex flex-wrap items-end gap-3" onSubmit={save}>
        <label className="flex flex-col gap-1">
          <span>{t('award.windowHours')}</span>
          <input
            className={input}
            type="number"
            min={1}
            max={720}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('award.minPercent')}</span>
          <input
            className={input}
            type="number"
            min={0}
            max={100}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </label>
        <button type="submit" className="button-primary min-h-11" disabled={busy}>
          {t('award.save')}
        </button>
      </form>
      {problem && (
        <p role="alert" className="font-bold text-accent">
          {problem}
        </p>
      )}
      {award && (
        <>
          <p data-award-state>
            {t(award.published_at ? 'award.published' : 'award.notPublished')}{' '}
            <button
              type="button"
              className="min-h-11 rounded-full border border-line px-4 font-bold"
              disabled={busy}
              onClick={() => publish(!award.published_at)}
            >
              {t(award.published_at ? 'award.unpublish' : 'award.publish')}
            </button>
          </p>
          <ol className="flex flex-col gap-1" data-award-results>
            {award.titles.map((line) => (
              <li key={line.product_id} className="flex justify-between gap-3 border-b border-line py-1">
                <span>{line.title}</span>
                <span>
                  {t('award.votes', { count: line.votes, n: formatNumber(line.votes, locale) })}
                  {line.average !== null &&
                    ` · ${t('award.average', { value: formatNumber(line.average, locale) })}`}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
