import type { AstroGlobal } from 'astro';
import type { Locale } from '~/lib/locale';
import { cafeSchedule } from '~/server/cafes/catalogue';
import { DomainError } from '~/server/errors';
import { getRuntime } from '~/server/runtime';
import type { Cafe, CafeSessionSlot } from '~/shared/cafes';

/**
 * A cafe page's cafe by its slug with its upcoming sessions (unpriced), or null (the page answers 404
 * before it starts streaming).
 */
export async function loadCafe(
  astro: AstroGlobal,
  locale: Locale,
): Promise<{ cafe: Cafe; sessions: CafeSessionSlot[] } | null> {
  const slug = astro.params['slug'] ?? '';
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const { ctx } = await getRuntime();
  try {
    return await cafeSchedule(ctx, { slug }, locale);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  }
}
