/**
 * The only paths a signed media URL can name, relative to the package directory. Anything else
 * (key.bin, package.json, directories, `..`, other names) is a 404 without touching the disk.
 */
export type MediaFileKind = 'master' | 'variant' | 'segment' | 'subtitle-playlist' | 'vtt' | 'image';

const PATTERNS: [RegExp, MediaFileKind][] = [
  [/^(trailer\/)?master\.m3u8$/, 'master'],
  [/^(trailer\/)?v\d{3,4}\/index\.m3u8$/, 'variant'],
  [/^(trailer\/)?v\d{3,4}\/seg\d{5}\.mpegts$/, 'segment'],
  // Audio renditions of a package with several audio tracks: audio/<lang>-<kind>/ (issue 29).
  [/^audio\/[a-z]{2,3}-(original|dub|description)\/index\.m3u8$/, 'variant'],
  [/^audio\/[a-z]{2,3}-(original|dub|description)\/seg\d{5}\.mpegts$/, 'segment'],
  [/^subs\/(fa|en)\.m3u8$/, 'subtitle-playlist'],
  [/^(subs\/(fa|en)|thumbs\/thumbs)\.vtt$/, 'vtt'],
  [/^thumbs\/sprite\.jpg$/, 'image'],
];

export const CONTENT_TYPES: Record<MediaFileKind, string> = {
  master: 'application/vnd.apple.mpegurl',
  variant: 'application/vnd.apple.mpegurl',
  'subtitle-playlist': 'application/vnd.apple.mpegurl',
  segment: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
  image: 'image/jpeg',
};

/** What `file` is, or null when it is not servable. A trailer token reaches only trailer/. */
export function classifyMediaPath(file: string, scope: 'full' | 'trailer'): MediaFileKind | null {
  if (scope === 'trailer' && !file.startsWith('trailer/')) return null;
  for (const [pattern, kind] of PATTERNS) if (pattern.test(file)) return kind;
  return null;
}
