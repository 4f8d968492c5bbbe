import { useMemo } from 'react';
import { t } from './strings';
import type { Locale } from '~/lib/locale';
import type { Reactions } from '~/shared/social';
import { browserApi } from '../shared/api';
import { Toasts } from '../shared/Toasts';
import { FavoriteButton } from './FavoriteButton';
import { ReactionButtons } from './ReactionButtons';

/**
 * A title page's own actions: like, dislike and favorite, in one small island with the toast region.
 * The page renders it with the counts it knows and loads it on the first press (client:interaction).
 */
export default function TitleActions({
  productId,
  locale,
  counts,
}: {
  productId: number;
  locale: Locale;
  counts: Omit<Reactions, 'reaction'>;
}) {
  const api = useMemo(() => browserApi(locale), [locale]);
  return (
    <div
      role="group"
      aria-label={t(locale, 'catalog.social.actions')}
      className="flex flex-wrap items-center gap-2"
    >
      <ReactionButtons api={api} locale={locale} base={`/products/${productId}`} counts={counts} />
      <FavoriteButton api={api} locale={locale} productId={productId} />
      <Toasts locale={locale} />
    </div>
  );
}
