import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';

/** Previous / next under a paged list; the page number is read out with the page's digits. */
export function Pager({
  page,
  hasMore,
  locale,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  locale: Locale;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (page === 1 && !hasMore) return null;
  return (
    <nav
      aria-label={t('admin.common.page', { page: localDigits(page, locale) })}
      className="flex items-center gap-2"
    >
      <button
        type="button"
        className="button-secondary"
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.common.previous')}
      </button>
      <span>{t('admin.common.page', { page: localDigits(page, locale) })}</span>
      <button type="button" className="button-secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('admin.common.next')}
      </button>
    </nav>
  );
}

/** A polite live region for what the last action did (the server's translated message). */
export function StatusLine({ message }: { message: string }) {
  return (
    <p role="status" className="min-h-6 font-bold" data-admin-status>
      {message}
    </p>
  );
}

/** Buttons that pick one of a few views, as a group of pressed/unpressed toggles. */
export function ViewSwitch<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className="min-h-11 rounded-lg border border-line px-4 font-bold text-ink hover:bg-surface-raised aria-pressed:bg-accent aria-pressed:text-accent-ink"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
