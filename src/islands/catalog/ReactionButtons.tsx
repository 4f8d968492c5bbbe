import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useState } from 'react';
import { t } from './strings';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { Reactions } from '~/shared/social';
import { $token } from '~/stores/auth';
import { isUnauthorized, requestLogin } from './session';

const buttonClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 font-bold text-ink hover:border-accent aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent disabled:opacity-60';

function ThumbIcon({ down }: { down?: boolean }) {
  return (
    <svg
      className={`size-5 ${down ? 'rotate-180' : ''}`}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z" />
    </svg>
  );
}

interface Props {
  api: $Fetch;
  locale: Locale;
  /** `/products/12` or `/comments/5`: the toggles live under it. */
  base: string;
  /** Known counts and own reaction (a comment's); a product's are fetched. */
  initial?: Reactions | undefined;
  /** Counts to show until the fetch answers (the title page renders them on the server). */
  counts?: Omit<Reactions, 'reaction'> | undefined;
  small?: boolean;
}

/**
 * Like and dislike with their counts (exclusive; the server answers the new state). Without a session
 * a click opens the login dialog instead of calling the API (SPEC §4).
 */
export function ReactionButtons({ api, locale, base, initial, counts, small }: Props) {
  const token = useStore($token);
  const [reactions, setReactions] = useState<Reactions | null>(
    initial ?? (counts ? { ...counts, reaction: null } : null),
  );
  /** The token whose own reaction `reactions` holds. */
  const [knownFor, setKnownFor] = useState<string | null | undefined>(initial ? token : undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    api<Reactions>(`${base}/reactions`, { signal: controller.signal })
      .then((fetched) => {
        setReactions(fetched);
        setKnownFor(token);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [api, base, initial, token]);

  async function toggle(which: 'like' | 'dislike') {
    if (!token) {
      requestLogin();
      return;
    }
    setBusy(true);
    try {
      // A press can come before the viewer's own reaction is known (the press that loads a
      // client:interaction island always does): ask first, so that a press on what looked unpressed
      // never takes a reaction away.
      if (knownFor !== token) {
        const current = await api<Reactions>(`${base}/reactions`);
        setKnownFor(token);
        if (current.reaction === which) {
          setReactions(current);
          return;
        }
      }
      setReactions(await api<Reactions>(`${base}/${which}-toggle`, { method: 'POST' }));
    } catch (error) {
      if (isUnauthorized(error)) requestLogin();
    } finally {
      setBusy(false);
    }
  }

  const size = small ? 'min-h-9 px-3 text-sm' : '';
  return (
    <>
      {(['like', 'dislike'] as const).map((which) => {
        const count = reactions ? (which === 'like' ? reactions.likes : reactions.dislikes) : null;
        return (
          <button
            key={which}
            type="button"
            className={`${buttonClass} ${size}`}
            aria-pressed={reactions?.reaction === which}
            disabled={busy}
            onClick={() => void toggle(which)}
            data-reaction={which}
          >
            <ThumbIcon down={which === 'dislike'} />
            <span>{t(locale, `catalog.social.${which}`)}</span>
            {count !== null && <span data-count>{localDigits(count, locale)}</span>}
          </button>
        );
      })}
    </>
  );
}
