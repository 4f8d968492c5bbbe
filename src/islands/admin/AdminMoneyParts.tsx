import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '~/lib/format';
import { iranDay } from '~/lib/iran-day';
import type { Locale } from '~/lib/locale';

/** Pieces the Payments and Discount codes sections share (issue 17). */

export const controlClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-accent focus-visible:outline-3 focus-visible:outline-accent';

/** An Iranian business day (`2026-11-23`) in the page's calendar: Solar Hijri with Persian digits in fa. */
export function formatDay(day: string, locale: Locale): string {
  return formatDate(`${day}T12:00:00Z`, locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today in Iran, as the API counts days. */
export function iranToday(): string {
  return iranDay(new Date());
}

export function SelectField({
  id,
  label,
  value,
  onValue,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={controlClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous and next page buttons under a paged list. */
export function Pager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="flex gap-2" aria-label={t('adminMoney.pages')}>
      <button
        type="button"
        className="button-secondary"
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
      >
        {t('adminMoney.previous')}
      </button>
      <button type="button" className="button-secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('adminMoney.next')}
      </button>
    </nav>
  );
}

/** A term and its value in a definition list that wraps on phones. */
export function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="font-bold">{children}</dd>
    </div>
  );
}
