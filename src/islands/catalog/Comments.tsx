import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useCallback, useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { t } from './strings';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { Comment, CommentPage, CommentReply, CommentState, PostComment } from '~/shared/social';
import { $token } from '~/stores/auth';
import { browserApi } from '../shared/api';
import { Toasts } from '../shared/Toasts';
import { ReactionButtons } from './ReactionButtons';
import { isUnauthorized, requestLogin, useHydrated } from './session';

interface FormProps {
  api: $Fetch;
  locale: Locale;
  productId: number;
  parentId?: number;
  label: string;
  onCancel?: () => void;
}

/** A comment or reply form: the field is required (SPEC §5); the server's answer says it awaits approval. */
function CommentForm({ api, locale, productId, parentId, label, onCancel }: FormProps) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (body.trim() === '') {
      setError(t(locale, 'catalog.social.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await api<CommentState>(`/products/${productId}/comments`, {
        method: 'POST',
        body: (parentId ? { body, parent_id: parentId } : { body }) satisfies PostComment,
      });
      setBody('');
      setSent(reply.message);
      toast.success(reply.message);
    } catch (failure) {
      if (isUnauthorized(failure)) requestLogin();
      const messages = fieldErrorsOf(failure)['body'];
      if (messages?.[0]) setError(messages[0]);
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-body`} className="font-bold">
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        name="body"
        rows={parentId ? 3 : 4}
        value={body}
        required
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          setBody(event.target.value);
          setSent(null);
        }}
        className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-accent"
      />
      <p id={hintId} className="text-sm text-ink-muted">
        {t(locale, 'catalog.social.commentHint')}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-bold text-accent">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="button-primary" disabled={busy}>
          {t(locale, busy ? 'catalog.social.sending' : 'catalog.social.send')}
        </button>
        {onCancel && (
          <button type="button" className="button-secondary" onClick={onCancel}>
            {t(locale, 'catalog.social.cancel')}
          </button>
        )}
      </div>
      <p role="status" className="font-bold text-ink" data-comment-status>
        {sent}
      </p>
    </form>
  );
}

function CommentBody({
  api,
  locale,
  comment,
}: {
  api: $Fetch;
  locale: Locale;
  comment: Comment | CommentReply;
}) {
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-bold">
          <bdi>{comment.author}</bdi>
        </span>
        <time dateTime={comment.created_at} className="text-sm text-ink-muted">
          {formatDate(comment.created_at, locale)}
        </time>
      </p>
      <p className="mt-1 whitespace-pre-line" dir="auto">
        {comment.body}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <ReactionButtons
          api={api}
          locale={locale}
          base={`/comments/${comment.id}`}
          initial={{ likes: comment.likes, dislikes: comment.dislikes, reaction: comment.reaction }}
          small
        />
      </div>
    </>
  );
}

/**
 * A title's approved comments, newest first, page by page, with one level of replies. Anyone may read;
 * a viewer with a session gets the form (and reply buttons), others a prompt to log in.
 */
export default function Comments({ productId, locale }: { productId: number; locale: Locale }) {
  const api = useMemo(() => browserApi(locale), [locale]);
  const token = useStore($token);
  const hydrated = useHydrated();
  const [comments, setComments] = useState<Comment[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [replyTo, setReplyTo] = useState<number | null>(null);

  const fetchPage = useCallback(
    (next: number, signal?: AbortSignal) =>
      api<CommentPage>(`/products/${productId}/comments`, { query: { page: next }, signal }),
    [api, productId],
  );
  const apply = useCallback((reply: CommentPage) => {
    setComments((current) => (reply.page === 1 ? reply.comments : [...current, ...reply.comments]));
    setPage(reply.page);
    setHasMore(reply.has_more);
  }, []);

  // Reloaded when the session changes: the viewer's own reactions come with the list.
  useEffect(() => {
    const controller = new AbortController();
    fetchPage(1, controller.signal)
      .then(apply)
      .catch(() => {})
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [fetchPage, apply, token]);

  function loadMore() {
    setLoading(true);
    fetchPage(page + 1)
      .then(apply)
      .catch(() => {})
      .finally(() => setLoading(false));
  }

  const signedIn = hydrated && Boolean(token);
  return (
    <section aria-labelledby="comments-title" className="mt-12 max-w-3xl" data-comments>
      <h2 id="comments-title" className="text-xl font-bold">
        {t(locale, 'catalog.social.comments')}
      </h2>
      <div className="mt-4">
        {signedIn ? (
          <CommentForm
            api={api}
            locale={locale}
            productId={productId}
            label={t(locale, 'catalog.social.commentLabel')}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-4 rounded-lg border border-line p-4">
            <p>{t(locale, 'catalog.social.loginToComment')}</p>
            <button type="button" className="button-secondary" onClick={requestLogin}>
              {t(locale, 'catalog.social.logIn')}
            </button>
          </div>
        )}
      </div>
      {loading && comments.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t(locale, 'catalog.social.loading')}</p>
      ) : comments.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t(locale, 'catalog.social.noComments')}</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-lg border border-line p-4" data-comment={comment.id}>
              <article>
                <CommentBody api={api} locale={locale} comment={comment} />
                {signedIn && replyTo !== comment.id && (
                  <button
                    type="button"
                    className="mt-2 min-h-11 font-bold text-accent"
                    onClick={() => setReplyTo(comment.id)}
                  >
                    {t(locale, 'catalog.social.reply')}
                  </button>
                )}
                {signedIn && replyTo === comment.id && (
                  <div className="mt-3">
                    <CommentForm
                      api={api}
                      locale={locale}
                      productId={productId}
                      parentId={comment.id}
                      label={t(locale, 'catalog.social.replyLabel')}
                      onCancel={() => setReplyTo(null)}
                    />
                  </div>
                )}
                {comment.replies.length > 0 && (
                  <ol
                    aria-label={t(locale, 'catalog.social.replies')}
                    className="mt-3 flex flex-col gap-3 border-s-2 border-line ps-4"
                  >
                    {comment.replies.map((reply) => (
                      <li key={reply.id} data-comment={reply.id}>
                        <CommentBody api={api} locale={locale} comment={reply} />
                      </li>
                    ))}
                  </ol>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
      {hasMore && (
        <button type="button" className="button-secondary mt-4" disabled={loading} onClick={loadMore}>
          {t(locale, 'catalog.social.more')}
        </button>
      )}
      <Toasts locale={locale} />
    </section>
  );
}
