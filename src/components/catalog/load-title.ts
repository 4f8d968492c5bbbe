import type { AstroGlobal } from 'astro';
import { titleIdOf, type KindName } from '~/lib/catalog';
import type { Locale } from '~/lib/shell';
import { getTitle } from '~/server/catalog';
import { clientAddressOf } from '~/server/core/geo';
import { getRuntime } from '~/server/runtime';
import type { TitleDetail } from '~/shared/catalog';

/**
 * A title page's data for the visitor's country, or null (unknown id, or an id of another kind). Called
 * by the page itself, not a component: the 404 status must be set before the page starts streaming.
 */
export async function loadTitlePage(
  astro: AstroGlobal,
  kind: KindName,
  locale: Locale,
): Promise<TitleDetail | null> {
  const id = titleIdOf(astro.params['id']);
  if (id === null) return null;
  const { ctx } = await getRuntime();
  let country: string | null = null;
  try {
    country = ctx.geo.locate(
      clientAddressOf(astro.clientAddress, astro.request.headers, ctx.config.trustProxy),
    ).country;
  } catch {
    // An address Astro cannot tell counts as unknown: no region is refused.
  }
  const detail = await getTitle(ctx, id, locale, { country });
  return detail && detail.kind === kind ? detail : null;
}
