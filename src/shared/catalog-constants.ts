/**
 * The catalogue's plain values, in a file without zod so islands (the staff console's) can import them;
 * src/shared/catalog.ts re-exports them beside its schemas.
 */

/** What a title is; the database's column and the title page addresses (src/lib/routes.ts) take it from here. */
export const productKinds = ['film', 'series', 'music', 'screening', 'festival'] as const;
export type ProductKind = (typeof productKinds)[number];

/**
 * What may open a title for watching (src/server/playback/access.ts `openers` decides it): free for
 * all, a subscription, buying the title alone, a festival's pass, a screening's ticket.
 */
export const openers = ['free', 'subscription', 'purchase', 'festival', 'ticket'] as const;
export type Opener = (typeof openers)[number];

/**
 * What an audio track of a title is (issue 29): its original sound, a dub in another language, or an
 * audio description narrating the picture. scripts/package-hls.mjs packages each as an HLS audio
 * rendition `audio/<lang>-<kind>/`.
 */
export const audioKinds = ['original', 'dub', 'description'] as const;
export type AudioKind = (typeof audioKinds)[number];

/** One audio track a title (or an episode) has: its language (ISO 639, as HLS's LANGUAGE) and kind. */
export interface AudioTrack {
  lang: string;
  kind: AudioKind;
}

/**
 * The search's yes/no filters, each one parameter of the page URL and the API (`has_subtitle=1`:
 * titles with subtitles; `dubbed=1`: titles with a Persian dub), one check box of the filter sheet
 * (catalog.search.flags.<flag>) and one condition of the search (server/catalog/catalogue.ts).
 */
export const searchFlags = ['has_subtitle', 'dubbed'] as const;
export type SearchFlag = (typeof searchFlags)[number];
