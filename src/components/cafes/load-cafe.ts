import type { AstroGlobal } from 'astro';
import type { Locale } from '~/lib/locale';
import { activeCafe, cafeOf } from '~/server/cafes/catalogue';
import { DomainError } from '~/server/errors';
import { getRuntime } from '~/server/runtime';
import type { Cafe } from '~/shared/cafes';

/** A cafe page's cafe by its slug, or null (the page answers 404 before it starts streaming). */
export async function loadCafe(astro: AstroGlobal, locale: Locale): Promise<Cafe | null> {
  const slug = astro.params['slug'] ?? '';
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const { ctx } = await getRuntime();
  try {
    return cafeOf(await activeCafe(ctx.database.db, { slug }), locale, null);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  }
}
