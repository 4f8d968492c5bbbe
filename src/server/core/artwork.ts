import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ArtworkImage } from '../../shared/catalog';
import { notFound } from '../errors';
import { artworkKey, type Storage } from './storage';

/**
 * Artwork the project draws itself (no downloads): an SVG per title rendered by sharp into AVIF and
 * WebP. Files are made on first request and kept in the storage (media/artwork/), not at seed time:
 * the seed step runs inside a transaction without the configuration, and 60 titles × 8 files would
 * add seconds to every fresh start and test. A file name never changes content, so it is immutable.
 */
export const ARTWORK_FILE_PATTERN =
  /^([a-z0-9]+(?:-[a-z0-9]+)*)-(poster-(?:240|480)|cover-(?:640|1280))\.(avif|webp)$/;

/** Each shape's file widths and its height to width ratio. */
export const ARTWORK_SIZES = {
  poster: { widths: [240, 480], ratio: 3 / 2 },
  cover: { widths: [640, 1280], ratio: 9 / 16 },
} as const;
export type ArtworkShape = keyof typeof ARTWORK_SIZES;

const BASE = '/api/v1/media/artwork';

export function artworkImage(key: string, shape: ArtworkShape): ArtworkImage {
  const { widths, ratio } = ARTWORK_SIZES[shape];
  return {
    base: `${BASE}/${key}-${shape}`,
    widths: [...widths],
    width: widths[0],
    height: Math.round(widths[0] * ratio),
  };
}

/** What the picture shows; looked up by key so the route never touches the database. */
export interface ArtworkText {
  titleFa: string;
  titleEn: string;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Colours and motif come from a hash of the key, so each title keeps its look across restarts. */
function artworkSvg(key: string, text: ArtworkText, shape: ArtworkShape): string {
  const hash = createHash('sha256').update(key).digest();
  const hue = (hash[0]! * 360) / 256;
  const hue2 = (hue + 40 + (hash[1]! % 80)) % 360;
  const [width, height] = shape === 'poster' ? [480, 720] : [1280, 720];
  const motif = hash[2]! % 3;
  const cx = width * (0.3 + (hash[3]! % 40) / 100);
  const cy = height * (0.3 + (hash[4]! % 30) / 100);
  const shapes = [
    `<circle cx="${cx}" cy="${cy}" r="${height / 4}" fill="#fff" fill-opacity="0.18"/>`,
    `<path d="M0 ${height * 0.75} L${cx} ${cy} L${width} ${height * 0.7} V${height} H0Z" fill="#000" fill-opacity="0.22"/>`,
    `<rect x="${cx - height / 6}" y="${cy - height / 6}" width="${height / 3}" height="${height / 3}" transform="rotate(20 ${cx} ${cy})" fill="#fff" fill-opacity="0.15"/>`,
  ];
  // Long titles get a smaller font so they stay inside the picture (about 0.55 em per character).
  const fit = (chars: number) => (width * 0.9) / (Math.max(chars, 1) * 0.55);
  const big = Math.min(44, fit(text.titleFa.length), fit(text.titleEn.length) / 0.55);
  // Only the poster carries the title: a cover is a backdrop that the pages write the title over in the
  // page's own language (the home slider, a landing's hero, the player), where a drawn one would show
  // through as a second, blurred title (issue 25).
  const title =
    shape === 'poster'
      ? `
<text x="50%" y="${height * 0.78}" text-anchor="middle" font-family="Vazirmatn, Noto Sans Arabic, DejaVu Sans, sans-serif" font-size="${big}" font-weight="700" fill="#fff" direction="rtl">${escapeXml(text.titleFa)}</text>
<text x="50%" y="${height * 0.78 + big * 1.1}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${big * 0.55}" fill="#fff" fill-opacity="0.85">${escapeXml(text.titleEn)}</text>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},60%,38%)"/><stop offset="1" stop-color="hsl(${hue2},55%,14%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes[motif]}${title}
</svg>`;
}

export const ARTWORK_CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/** Renders concurrently requested files once. */
const rendering = new Map<string, Promise<Buffer>>();

async function render(storage: Storage, file: string, svg: string, width: number, format: 'avif' | 'webp') {
  const image = sharp(Buffer.from(svg)).resize({ width });
  const data = await (
    format === 'avif' ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 78 })
  ).toBuffer();
  // The storage's put is atomic: a concurrent reader never sees half a file.
  await storage.put(artworkKey(file), data, { contentType: ARTWORK_CONTENT_TYPES[format] });
  return data;
}

/**
 * The bytes of an artwork file, rendered on first use. 404 for names that do not match the pattern or
 * keys `lookup` does not know (so nobody can fill the disk with made-up keys).
 */
export async function readArtwork(
  storage: Storage,
  file: string,
  lookup: (key: string) => Promise<ArtworkText | undefined>,
): Promise<{ data: Buffer; contentType: string }> {
  const match = ARTWORK_FILE_PATTERN.exec(file);
  if (!match) throw notFound();
  const [, key, variant, format] = match as unknown as [string, string, string, 'avif' | 'webp'];
  const contentType = ARTWORK_CONTENT_TYPES[format];
  const cached = await storage.read(artworkKey(file)).catch(() => undefined);
  if (cached) return { data: cached, contentType };
  const text = await lookup(key);
  if (!text) throw notFound();
  const [shape, width] = variant.split('-') as [ArtworkShape, string];
  let pending = rendering.get(file);
  if (!pending) {
    pending = render(storage, file, artworkSvg(key, text, shape), Number(width), format).finally(() =>
      rendering.delete(file),
    );
    rendering.set(file, pending);
  }
  return { data: await pending, contentType };
}
