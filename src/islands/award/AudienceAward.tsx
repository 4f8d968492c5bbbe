import { useStore } from '@nanostores/react';
import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { problemOf } from '~/lib/api';
import { formatNumber } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { MessageResponse } from '~/shared/auth';
import type { AwardResultsBody } from '~/shared/award';
import { $token } from '~/stores/auth';
import { requestLogin } from '../catalog/session';
import { browserApi } from '../shared/api';
import { t } from './strings';

/**
 * The audience award on a festival page (issue 30): a ticket holder picks a title and a rating 1-5 and
 * votes; the server decides who may (watched share, cafe check-in, window) and its answer, accepted or
 * refused, stays beside the form. The results show once staff published them.
 */
export default function AudienceAward({
  festivalId,
  locale,
  titles,
  windowHours,
  minWatchedPercent,
  results,
}: {
  festivalId: number;
  locale: Locale;
  titles: { id: number; title: string }[];
  windowHours: number;
  minWatchedPercent: number;
  results: AwardResultsBody | null;
}) {
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const token = useStore($token);
  const [productId, setProductId] = useState(titles[0]?.id ?? 0);
  const [rating, setRating] = useState(0);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function vote(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) {
      requestLogin();
      return;
    }
    setBusy(true);
    try {
      const reply = await api<MessageResponse>(`/festivals/${festivalId}/award/votes`, {
        method: 'POST',
        body: { product_id: productId, rating },
      });
      setAnswer({ ok: true, text: reply.message });
    } catch (error) {
      setAnswer({ ok: false, text: problemOf(error, locale) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className="mt-10 flex flex-col gap-4" data-audience-award>
      <h2 id={titleId} className="text-xl font-bold">
        {t(locale, 'award.title')}
      </h2>
      {results ? (
        <div data-award-results>
          <h3 className="font-bold">{t(locale, 'award.results')}</h3>
          <ol className="mt-2 flex flex-col gap-2">
            {results.titles.map((line) => (
              <li
                key={line.product_id}
                className="flex flex-wrap justify-between gap-2 rounded-lg border border-line p-3"
              >
                <span className="font-bold">{line.title}</span>
                <span>
                  {line.average === null
                    ? t(locale, 'award.noVotes')
                    : `${t(locale, 'award.average', { value: formatNumber(line.average, locale) })} · ${t(locale, 'award.votes', { count: line.votes, n: formatNumber(line.votes, locale) })}`}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={(event) => void vote(event)} data-award-form>
          <p className="text-ink-muted">
            {t(locale, 'award.intro', {
              percent: formatNumber(minWatchedPercent, locale),
              hours: formatNumber(windowHours, locale),
            })}
          </p>
          <label className="flex flex-col gap-1">
            <span className="font-bold">{t(locale, 'award.titleLabel')}</span>
            <select
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
              value={productId}
              onChange={(event) => setProductId(Number(event.target.value))}
            >
              {titles.map((title) => (
                <option key={title.id} value={title.id}>
                  {title.title}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-col gap-1">
            <legend className="font-bold">{t(locale, 'award.ratingLabel')}</legend>
            <div className="flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((value) => (
                <label
                  key={value}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-line px-3 has-checked:border-accent has-checked:bg-accent-soft"
                >
                  <input
                    type="radio"
                    name="award-rating"
                    value={value}
                    checked={rating === value}
                    onChange={() => setRating(value)}
                    aria-label={t(locale, 'award.star', { n: formatNumber(value, locale) })}
                  />
                  <span aria-hidden="true">{formatNumber(value, locale)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button
            type="submit"
            className="button-primary min-h-11 self-start"
            disabled={busy || (!!token && rating === 0)}
          >
            {t(locale, token ? 'award.vote' : 'award.login')}
          </button>
          {answer && (
            <p
              role={answer.ok ? 'status' : 'alert'}
              className={answer.ok ? 'font-bold text-ink' : 'font-bold text-accent'}
              data-award-answer
            >
              {answer.text}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
