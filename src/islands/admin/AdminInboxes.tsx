import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPhone, localDigits, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { inboxStatuses, staffAllows, type InboxStatus, type StaffRole } from '~/shared/staff-constants';
import type {
  ContactInbox,
  ContactItem,
  ContactItemResponse,
  InboxUpdate,
  ReportInbox,
  ReportItem,
  ReportItemResponse,
} from '~/shared/staff-inboxes';
import { browserApi } from '~/islands/shared/api';
import { AdminIsland } from './AdminIsland';
import { Pager, StatusLine, ViewSwitch } from './AdminParts';

type Box = 'contact' | 'reports';
const boxes: readonly { box: Box; path: string; roles: readonly StaffRole[] }[] = [
  { box: 'contact', path: '/staff/inbox/contact', roles: ['support'] },
  { box: 'reports', path: '/staff/inbox/player-reports', roles: ['moderator', 'support'] },
];
type Shown = InboxStatus | 'open';

/** The status and the internal note of one item, saved together. */
function Handling({
  item,
  path,
  locale,
  onSaved,
}: {
  item: ContactItem | ReportItem;
  path: string;
  locale: Locale;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [status, setStatus] = useState<InboxStatus>(item.status);
  const [note, setNote] = useState(item.note);
  const id = `inbox-${path.split('/').at(-1)}-${item.id}`;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await api<ContactItemResponse | ReportItemResponse>(`${path}/${item.id}`, {
        method: 'POST',
        body: { status, note } satisfies InboxUpdate,
      });
      onSaved(answer.message);
    } catch {
      // The API client has toasted the refusal.
    }
  };
  return (
    <form onSubmit={save} className="flex flex-col gap-2 border-t border-line pt-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="font-bold">
          {t('admin.inboxes.status')}
        </label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => setStatus(event.target.value as InboxStatus)}
          className="min-h-11 rounded-lg border border-line bg-surface px-3 text-ink"
        >
          {inboxStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`admin.inboxes.statuses.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="font-bold">
          {t('admin.inboxes.note')}
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={4000}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
        />
      </div>
      <button type="submit" className="button-primary self-start">
        {t('admin.common.save')}
      </button>
    </form>
  );
}

function Item({ item, children }: { item: ContactItem | ReportItem; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-line p-4"
      data-inbox-item={item.id}
      data-status={item.status}
    >
      <span className="self-start rounded-full border border-line px-3 text-sm font-bold">
        {t(`admin.inboxes.statuses.${item.status}`)}
      </span>
      {children}
    </li>
  );
}

function ContactDetails({ item, locale }: { item: ContactItem; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 dir="auto" className="font-bold">
        {item.subject}
      </h3>
      <p className="text-sm text-ink-muted">
        {t('admin.inboxes.from')} <bdi>{item.full_name}</bdi> ·{' '}
        <bdi dir="ltr">{formatPhone(item.phone, locale)}</bdi> · <bdi dir="ltr">{item.email}</bdi> ·{' '}
        <time dateTime={item.created_at}>{formatDate(item.created_at, locale, longDateTime)}</time>
      </p>
      <p dir="auto" className="whitespace-pre-line break-words">
        {item.message}
      </p>
    </>
  );
}

function ReportDetails({ item, locale }: { item: ReportItem; locale: Locale }) {
  const { t } = useTranslation();
  const minutes = Math.floor(item.position_seconds / 60);
  const time = `${minutes}:${String(item.position_seconds % 60).padStart(2, '0')}`;
  const network = [
    item.effective_type,
    item.downlink === null ? null : `${item.downlink} Mb/s`,
    item.streaming_ip,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <h3 className="font-bold">
        <bdi>{locale === 'fa' ? item.product_title : item.en_product_title}</bdi> ·{' '}
        {t(`admin.inboxes.problems.${item.problem}`)}
      </h3>
      <p className="text-sm text-ink-muted">
        {t('admin.inboxes.position', { time: localDigits(time, locale) })} ·{' '}
        <time dateTime={item.created_at}>{formatDate(item.created_at, locale, longDateTime)}</time>
      </p>
      {item.description && (
        <p dir="auto" className="whitespace-pre-line break-words">
          {item.description}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt>{t('admin.inboxes.browser')}</dt>
        <dd dir="ltr" className="text-start">
          {item.browser}
        </dd>
        {network && (
          <>
            <dt>{t('admin.inboxes.network')}</dt>
            <dd dir="ltr" className="text-start">
              {network}
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

function Inbox({ box, locale }: { box: (typeof boxes)[number]; locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [shown, setShown] = useState<Shown>('open');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<ContactInbox | ReportInbox | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(() => {
    const query = shown === 'open' ? { page } : { page, status: shown };
    api<ContactInbox | ReportInbox>(box.path, { query }).then(setResult, () => {});
  }, [api, box.path, shown, page]);
  useEffect(load, [load]);
  const saved = (text: string) => {
    setMessage(text);
    load();
  };
  const options: { value: Shown; label: string }[] = [
    { value: 'open', label: t('admin.inboxes.open') },
    ...inboxStatuses.map((value) => ({ value, label: t(`admin.inboxes.statuses.${value}`) })),
  ];
  return (
    <div className="flex flex-col gap-4">
      <ViewSwitch
        label={t('admin.inboxes.show')}
        options={options}
        value={shown}
        onChange={(value) => {
          setShown(value);
          setPage(1);
        }}
      />
      <StatusLine message={message} />
      {!result ? (
        <p className="text-ink-muted">{t('admin.common.loading')}</p>
      ) : result.items.length === 0 ? (
        <p>{t('admin.inboxes.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {result.items.map((item) => (
            <Item key={`${item.id}-${item.status}-${item.note}`} item={item}>
              {'subject' in item ? (
                <ContactDetails item={item} locale={locale} />
              ) : (
                <ReportDetails item={item} locale={locale} />
              )}
              <Handling item={item} path={box.path} locale={locale} onSaved={saved} />
            </Item>
          ))}
        </ul>
      )}
      {result && <Pager page={result.page} hasMore={result.has_more} locale={locale} onPage={setPage} />}
    </div>
  );
}

function Inboxes({ locale, roles }: { locale: Locale; roles: readonly StaffRole[] }) {
  const { t } = useTranslation();
  const allowed = boxes.filter((box) => staffAllows(roles, box.roles));
  const [current, setCurrent] = useState<Box>(allowed[0]?.box ?? 'reports');
  const box = allowed.find((candidate) => candidate.box === current) ?? allowed[0];
  if (!box) return null;
  return (
    <div className="flex flex-col gap-4">
      {allowed.length > 1 && (
        <ViewSwitch
          label={t('admin.inboxes.tabs')}
          options={allowed.map((candidate) => ({
            value: candidate.box,
            label: t(`admin.inboxes.${candidate.box}`),
          }))}
          value={box.box}
          onChange={setCurrent}
        />
      )}
      <h2 className="text-lg font-bold">{t(`admin.inboxes.${box.box}`)}</h2>
      <Inbox key={box.box} box={box} locale={locale} />
    </div>
  );
}

/** /admin/inboxes: contact messages (support) and player problem reports (moderators, support). */
export default function AdminInboxes({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="inboxes">
      {(me) => <Inboxes locale={locale} roles={me.staff_roles} />}
    </AdminIsland>
  );
}
