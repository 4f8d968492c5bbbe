import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { localPath, type Locale } from '~/lib/locale';
import { artworkFile, artworkSrcset, type ProductCard } from '~/shared/catalog';
import type { Favorites, FavoriteToggled } from '~/shared/social';
import type { Me } from '~/shared/users';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { RequireLogin } from './RequireLogin';

const posterSizes = '(min-width: 1024px) 180px, (min-width: 640px) 30vw, 45vw';

function FavoriteCard({
  card,
  locale,
  busy,
  onRemove,
}: {
  card: ProductCard;
  locale: Locale;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = locale === 'fa' ? card.title : card.en_title;
  return (
    <li className="flex flex-col">
      <a href={card.href} className="group text-ink no-underline">
        <picture>
          <source type="image/avif" srcSet={artworkSrcset(card.poster, 'avif')} sizes={posterSizes} />
          <source type="image/webp" srcSet={artworkSrcset(card.poster, 'webp')} sizes={posterSizes} />
          <img
            src={artworkFile(card.poster, 'webp')}
            alt=""
            width={card.poster.width}
            height={card.poster.height}
            loading="lazy"
            decoding="async"
            className="aspect-[2/3] h-auto w-full rounded-lg bg-surface-raised object-cover"
          />
        </picture>
        <h2 className="mt-2 text-base leading-snug font-bold group-hover:text-accent">{name}</h2>
      </a>
      <p className="text-sm text-ink-muted">{t(`catalog.kinds.${card.kind}`)}</p>
      <button
        type="button"
        className="mt-2 inline-flex min-h-11 w-fit items-center rounded-full border border-line px-4 text-ink hover:border-accent disabled:opacity-60"
        aria-label={t('account.favorites.removeNamed', { name })}
        disabled={busy}
        onClick={onRemove}
        data-remove-favorite
      >
        {t('account.favorites.remove')}
      </button>
    </li>
  );
}

/**
 * The selected profile's favorites as cards, each with a remove button that updates the list from the
 * server's answer. Loads again when the viewer switches profile.
 */
function FavoritesBody({ locale, me }: { locale: Locale; me: Me }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  // The list is loaded by the page, not asked for by the viewer: its failure is said here, not toasted.
  const quietApi = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  /** The last answer, for the profile it was asked for; `cards` null when the call failed. */
  const [loaded, setLoaded] = useState<{ profileId: number; cards: ProductCard[] | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLAnchorElement>(null);
  /** Set by a removal: its button is gone, so the keyboard goes to the list (or the way to the catalogue). */
  const refocus = useRef(false);
  const profileId = me.profile?.id ?? null;

  useEffect(() => {
    if (profileId === null) return;
    const controller = new AbortController();
    quietApi<Favorites>('/me/favorite', { signal: controller.signal }).then(
      (reply) => setLoaded({ profileId, cards: reply.favorite_list }),
      () => {
        if (!controller.signal.aborted) setLoaded({ profileId, cards: null });
      },
    );
    return () => controller.abort();
  }, [quietApi, profileId, attempt]);

  // Another profile's list is never shown while this one's loads.
  const current = loaded && loaded.profileId === profileId ? loaded : null;

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    (empty.current ?? list.current)?.focus();
  }, [current]);

  async function remove(card: ProductCard) {
    setBusyId(card.id);
    try {
      const reply = await api<FavoriteToggled>(`/me/favorite/${card.id}`, { method: 'POST' });
      refocus.current = true;
      if (profileId !== null) setLoaded({ profileId, cards: reply.favorite_list });
      toast.success(reply.message);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusyId(null);
    }
  }

  if (!current) return <p className="text-ink-muted">{t('account.loading')}</p>;
  const { cards } = current;
  if (!cards) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{t('account.favorites.failed')}</p>
        <button type="button" className="button-primary" onClick={() => setAttempt((n) => n + 1)}>
          {t('account.favorites.retry')}
        </button>
      </div>
    );
  }
  if (cards.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
        <p className="text-lg">{t('account.favorites.empty')}</p>
        <a ref={empty} href={localPath('/search', locale)} className="button-primary no-underline">
          {t('account.favorites.browse')}
        </a>
      </div>
    );
  }
  return (
    <ul
      ref={list}
      tabIndex={-1}
      aria-label={t('account.favorites.list')}
      className="grid grid-cols-2 gap-x-4 gap-y-8 focus:outline-none sm:grid-cols-3 lg:grid-cols-5"
    >
      {cards.map((card) => (
        <FavoriteCard
          key={card.id}
          card={card}
          locale={locale}
          busy={busyId === card.id}
          onRemove={() => void remove(card)}
        />
      ))}
    </ul>
  );
}

export default function FavoritesList({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{(me) => <FavoritesBody locale={locale} me={me} />}</RequireLogin>
    </IslandRoot>
  );
}
