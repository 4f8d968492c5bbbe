import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate, localDigits, localPhoneNumbers, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { AuditEntry, AuditPage } from '~/shared/staff-roles';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { AdminIsland } from './AdminIsland';
import { Pager } from './AdminParts';

const filterNames = ['action', 'actor', 'target_type', 'target_id'] as const;
type Filters = Record<(typeof filterNames)[number], string>;
const noFilters: Filters = { action: '', actor: '', target_type: '', target_id: '' };
const labelKeys: Record<keyof Filters, string> = {
  action: 'admin.audit.action',
  actor: 'admin.audit.actor',
  target_type: 'admin.audit.targetType',
  target_id: 'admin.audit.targetId',
};

/** A state as JSON, left to right whatever the page's direction: code, read as it is (Latin digits and all). */
function State({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="min-w-0 flex-1">
      <p className="text-sm font-bold">{label}</p>
      <pre dir="ltr" className="overflow-x-auto rounded-lg bg-surface-raised p-2 text-start text-sm">
        <code>{JSON.stringify(value, null, 2)}</code>
      </pre>
    </div>
  );
}

function Entry({ entry, locale }: { entry: AuditEntry; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line p-4" data-audit-entry={entry.id}>
      <p className="flex flex-wrap gap-x-2">
        <code dir="ltr" className="font-bold">
          {entry.action}
        </code>
        <span dir="ltr">
          {entry.target_type} #
          {/^[0-9]+$/.test(entry.target_id) ? localDigits(entry.target_id, locale) : entry.target_id}
        </span>
      </p>
      <p className="text-sm text-ink-muted">
        <time dateTime={entry.at}>{formatDate(entry.at, locale, longDateTime)}</time> · {t('admin.audit.by')}{' '}
        <bdi>{entry.actor === null ? t('admin.audit.nobody') : localPhoneNumbers(entry.actor, locale)}</bdi>
        {entry.actor_id !== null && <> ({localDigits(entry.actor_id, locale)})</>}
      </p>
      <div className="flex flex-col gap-2 md:flex-row">
        <State label={t('admin.audit.before')} value={entry.before} />
        <State label={t('admin.audit.after')} value={entry.after} />
      </div>
    </li>
  );
}

function Audit({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<AuditPage | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    const query = Object.fromEntries(Object.entries(applied).filter(([, value]) => value.trim() !== ''));
    api<AuditPage>('/staff/audit', { query: { ...query, page } }).then(
      (answer) => {
        setResult(answer);
        setErrors({});
      },
      (error: unknown) => setErrors(fieldErrorsOf(error)),
    );
  }, [api, applied, page]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-2xl border border-line p-4"
        aria-label={t('admin.audit.filters')}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          {filterNames.map((name) => (
            <TextField
              key={name}
              idPrefix="audit"
              name={name}
              label={t(labelKeys[name])}
              value={draft[name]}
              onValue={(value) => setDraft((current) => ({ ...current, [name]: value }))}
              errors={errors[name]}
              dir="ltr"
              inputMode={name === 'actor' ? 'numeric' : undefined}
            />
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="button-primary">
            {t('admin.audit.apply')}
          </button>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setDraft(noFilters);
              setApplied(noFilters);
              setPage(1);
            }}
          >
            {t('admin.audit.clear')}
          </button>
        </div>
      </form>
      {!result ? (
        <p className="text-ink-muted">{t('admin.common.loading')}</p>
      ) : result.entries.length === 0 ? (
        <p>{t('admin.audit.empty')}</p>
      ) : (
        <ul aria-label={t('admin.audit.entries')} className="flex flex-col gap-3">
          {result.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} locale={locale} />
          ))}
        </ul>
      )}
      {result && <Pager page={result.page} hasMore={result.has_more} locale={locale} onPage={setPage} />}
    </div>
  );
}

/** /admin/audit: who changed what and when, with the state before and after; admins filter it. */
export default function AdminAudit({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="audit">
      {() => <Audit locale={locale} />}
    </AdminIsland>
  );
}
