import type { AstroGlobal } from 'astro';
import { titleIdOf } from '~/lib/catalog';
import type { Locale } from '~/lib/locale';
import { getTitle } from '~/server/catalog';
import { getRuntime } from '~/server/runtime';
import { locatePageVisitor } from '~/server/web/visitor';
import type { ProductKind, TitleDetail } from '~/shared/catalog';

/**
 * A title page's data for the visitor's country, or null (unknown id, or an id of another kind). Called
 * by the page itself, not a component: the 404 status must be set before the page starts streaming.
 */
export async function loadTitlePage(
  astro: AstroGlobal,
  kind: ProductKind,
  locale: Locale,
): Promise<TitleDetail | null> {
  const id = titleIdOf(astro.params['id']);
  if (id === null) return null;
  const { ctx } = await getRuntime();
  const { country } = locatePageVisitor(ctx, astro);
  const detail = await getTitle(ctx, id, locale, { country });
  return detail && detail.kind === kind ? detail : null;
}
