import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, localDigits, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type {
  CommentDecisions,
  CommentDecisionsResult,
  CommentState,
  CommentStatus,
  StaffComment,
  StaffCommentPage,
} from '~/shared/social';
import { browserApi } from '~/islands/shared/api';
import { AdminIsland } from './AdminIsland';
import { Pager, StatusLine, ViewSwitch } from './AdminParts';

type Decision = 'approved' | 'rejected';
const statuses = ['pending', 'approved', 'rejected'] as const;
const actions: Record<Decision, string> = { approved: 'approve', rejected: 'reject' };

function CommentItem({
  comment,
  locale,
  selected,
  onSelect,
  onDecide,
}: {
  comment: StaffComment;
  locale: Locale;
  selected: boolean;
  onSelect: ((selected: boolean) => void) | null;
  onDecide: (status: Decision) => void;
}) {
  const { t } = useTranslation();
  const title = locale === 'fa' ? comment.product_title : comment.en_product_title;
  const author = comment.author;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line p-4" data-admin-comment={comment.id}>
      <div className="flex flex-wrap items-start gap-3">
        {onSelect && (
          <input
            type="checkbox"
            className="mt-1 size-6 shrink-0"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={t('admin.comments.select', { author })}
          />
        )}
        <div className="min-w-0 flex-1">
          <p>
            {t('admin.comments.on')} <bdi className="font-bold">{title}</bdi> · {t('admin.comments.by')}{' '}
            <bdi>{author}</bdi>
          </p>
          <p className="text-sm text-ink-muted">
            <time dateTime={comment.created_at}>{formatDate(comment.created_at, locale, longDateTime)}</time>
            {comment.parent_id !== null && (
              <> · {t('admin.comments.reply', { id: localDigits(comment.parent_id, locale) })}</>
            )}
          </p>
        </div>
      </div>
      <p dir="auto" className="whitespace-pre-line break-words">
        {comment.body}
      </p>
      <div className="flex flex-wrap gap-2">
        {comment.status !== 'approved' && (
          <button
            type="button"
            className="button-primary"
            aria-label={t('admin.comments.approveOne', { author })}
            onClick={() => onDecide('approved')}
          >
            {t('admin.comments.approve')}
          </button>
        )}
        {comment.status !== 'rejected' && (
          <button
            type="button"
            className="button-secondary"
            aria-label={t('admin.comments.rejectOne', { author })}
            onClick={() => onDecide('rejected')}
          >
            {t('admin.comments.reject')}
          </button>
        )}
      </div>
    </li>
  );
}

function Comments({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [status, setStatus] = useState<CommentStatus>('pending');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<StaffCommentPage | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState('');

  const load = useCallback(() => {
    api<StaffCommentPage>('/staff/comments', { query: { status, page } }).then(
      (answer) => {
        setList(answer);
        setSelected(new Set());
      },
      () => {},
    );
  }, [api, status, page]);
  useEffect(load, [load]);

  const decide = async (ids: number[], decision: Decision) => {
    try {
      // One comment has its own call, whose answer says what happened to it.
      const [only] = ids;
      const answer =
        ids.length === 1 && only !== undefined
          ? await api<CommentState>(`/staff/comments/${only}/${actions[decision]}`, { method: 'POST' })
          : await api<CommentDecisionsResult>('/staff/comments/decisions', {
              method: 'POST',
              body: { ids, status: decision } satisfies CommentDecisions,
            });
      setMessage(answer.message);
      load();
    } catch {
      // The API client has toasted the refusal.
    }
  };

  const choose = (next: CommentStatus) => {
    setStatus(next);
    setPage(1);
    setMessage('');
  };
  const comments = list?.comments ?? [];
  const allSelected = comments.length > 0 && comments.every((comment) => selected.has(comment.id));
  const count = localDigits(selected.size, locale);
  return (
    <div className="flex flex-col gap-4">
      <ViewSwitch
        label={t('admin.comments.tabs')}
        options={statuses.map((value) => ({ value, label: t(`admin.comments.${value}`) }))}
        value={status}
        onChange={choose}
      />
      <StatusLine message={message} />
      {status === 'pending' && comments.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line p-3">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-6"
              checked={allSelected}
              onChange={(event) =>
                setSelected(new Set(event.target.checked ? comments.map((comment) => comment.id) : []))
              }
            />
            {t('admin.comments.selectAll')}
          </label>
          <button
            type="button"
            className="button-primary"
            disabled={selected.size === 0}
            onClick={() => decide([...selected], 'approved')}
          >
            {t('admin.comments.approveSelected', { count })}
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={selected.size === 0}
            onClick={() => decide([...selected], 'rejected')}
          >
            {t('admin.comments.rejectSelected', { count })}
          </button>
        </div>
      )}
      {!list ? (
        <p className="text-ink-muted">{t('admin.common.loading')}</p>
      ) : comments.length === 0 ? (
        <p>{t('admin.comments.empty')}</p>
      ) : (
        <ul aria-label={t('admin.comments.list')} className="flex flex-col gap-3">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              locale={locale}
              selected={selected.has(comment.id)}
              onSelect={
                status === 'pending'
                  ? (on) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (on) next.add(comment.id);
                        else next.delete(comment.id);
                        return next;
                      })
                  : null
              }
              onDecide={(decision) => decide([comment.id], decision)}
            />
          ))}
        </ul>
      )}
      {list && <Pager page={list.page} hasMore={list.has_more} locale={locale} onPage={setPage} />}
    </div>
  );
}

/** /admin/comments: the moderation queue, approved and rejected lists; decide one or many. */
export default function AdminComments({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="comments">
      {() => <Comments locale={locale} />}
    </AdminIsland>
  );
}
