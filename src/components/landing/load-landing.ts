import { getEntry } from 'astro:content';
import type { Landing } from '~/lib/landing-schema';

/** The landing of a page address's slug, or null (the route answers 404). */
export async function loadLanding(slug: string | undefined): Promise<Landing | null> {
  if (!slug || !/^[a-z0-9-]+$/.test(slug)) return null;
  return (await getEntry('landings', slug))?.data ?? null;
}
