import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { t } from './strings';
import type { Locale } from '~/lib/locale';
import type { Favorites, FavoriteToggled } from '~/shared/social';
import { $token } from '~/stores/auth';
import { isUnauthorized, requestLogin } from './session';

/**
 * Adds the title to (or removes it from) the selected profile's favorites; the server's message is the
 * success toast (SPEC §8). Without a session the click opens the login dialog.
 */
export function FavoriteButton({
  api,
  locale,
  productId,
}: {
  api: $Fetch;
  locale: Locale;
  productId: number;
}) {
  const token = useStore($token);
  const [stored, setFavorite] = useState(false);
  /** The token whose favorites `stored` reflects. */
  const [knownFor, setKnownFor] = useState<string | null>(null);
  const favorite = Boolean(token) && stored;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    // Quietly: a viewer who has not picked a profile yet is asked by the header island, not here.
    fetch('/api/v1/me/favorite', { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Favorites>) : null))
      .then((body) => {
        if (!body) return;
        setFavorite(body.favorites.includes(productId));
        setKnownFor(token);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [token, productId]);

  async function toggle() {
    if (!token) {
      requestLogin();
      return;
    }
    setBusy(true);
    try {
      // As with reactions: the press that loaded the island must not remove a favorite it could not show.
      if (knownFor !== token) {
        const { favorites } = await api<Favorites>('/me/favorite');
        setKnownFor(token);
        if (favorites.includes(productId)) {
          setFavorite(true);
          return;
        }
      }
      const reply = await api<FavoriteToggled>(`/me/favorite/${productId}`, { method: 'POST' });
      setFavorite(reply.favorites.includes(productId));
      toast.success(reply.message);
    } catch (error) {
      if (isUnauthorized(error)) requestLogin();
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 font-bold text-ink hover:border-accent aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent disabled:opacity-60"
      aria-pressed={favorite}
      disabled={busy}
      onClick={() => void toggle()}
      data-favorite
    >
      <svg
        className="size-5"
        viewBox="0 0 24 24"
        fill={favorite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M12 21s-7.5-4.6-9.5-9.1C1 8.5 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.3h2C13.8 6.1 15.2 5 17.2 5 20.7 5 23 8.5 21.5 11.9 19.5 16.4 12 21 12 21z" />
      </svg>
      {t(locale, favorite ? 'catalog.social.favoriteRemove' : 'catalog.social.favoriteAdd')}
    </button>
  );
}
