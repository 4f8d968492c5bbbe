/**
 * The play response of the playback contract (docs/decisions/0011, src/shared/playback.ts once the
 * access rules land), as the player reads it.
 */
export interface PlayInfo {
  product: { id: number; kind: string; title: string; en_title: string; href: string };
  episode: { id: number; season: number; number: number; title: string } | null;
  stream: {
    master: string;
    subtitles: { lang: string; label: string; url: string; default: boolean }[];
    thumbnails: string | null;
    expires_at: string;
  };
  duration: number;
  resume_at: number;
  watched: boolean;
  markers: { intro: { start: number; end: number } | null; credits: number | null };
  next_episode: { id: number; title: string; season: number; number: number } | null;
  live: { starts_at: string; ends_at: string; now: string } | null;
  preview: boolean;
  auth?: { me: unknown; token: string };
}
