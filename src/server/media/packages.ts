import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { audioKinds } from '../../shared/catalog-constants';
import { locales } from '../../lib/locale';
import type { Config } from '../config';
import { isAssetId } from './signing';

const renditionSchema = z.object({
  name: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bandwidth: z.number().int().positive(),
});

/** An audio rendition of a package with several audio tracks (audio/<id>/, issue 29). */
const audioTrackSchema = z.object({
  id: z.string(),
  lang: z.string(),
  kind: z.enum(audioKinds),
  name: z.string(),
  default: z.boolean(),
});

/** `package.json` written by scripts/package-hls.mjs beside the playlists. */
const manifestSchema = z.object({
  id: z.string(),
  duration: z.number().positive(),
  renditions: z.array(renditionSchema).min(1),
  segmentSeconds: z.number().positive(),
  subtitles: z.array(z.enum(locales)),
  /** Empty when the sound is inside the video segments (one track, packaged before issue 29). */
  audio: z.array(audioTrackSchema).default([]),
  intro: z.object({ start: z.number(), end: z.number() }).nullable(),
  credits: z.number().nullable(),
  trailer: z.object({ duration: z.number().positive(), renditions: z.array(renditionSchema) }).optional(),
  encryption: z.literal('AES-128').optional(),
});

export type MediaManifest = z.infer<typeof manifestSchema>;
export type MediaRendition = z.infer<typeof renditionSchema>;
export type MediaAudioTrack = z.infer<typeof audioTrackSchema>;

const foundDirs = new Map<string, string>();

/**
 * Where an asset's package lives: titles packaged on this server (DATA_DIR/media/<id>) first, then the
 * committed demo packages (MEDIA_DIR/demo/<id>). Null for an unknown or malformed id. Every segment
 * request asks, so a package once found is remembered (packages never move, as the manifests below);
 * a missing one is looked for again, since it may be packaged later.
 */
export async function assetDir(config: Config, asset: string): Promise<string | null> {
  if (!isAssetId(asset)) return null;
  const key = `${config.dataDir}\0${config.mediaDir}\0${asset}`;
  const known = foundDirs.get(key);
  if (known) return known;
  for (const root of [path.join(config.dataDir, 'media'), path.join(config.mediaDir, 'demo')]) {
    const dir = path.join(root, asset);
    const found = await stat(path.join(dir, 'package.json')).then(
      (s) => s.isFile(),
      () => false,
    );
    if (found) {
      foundDirs.set(key, dir);
      return dir;
    }
  }
  return null;
}

/** The package directory if assetDir found it before (the media door's synchronous path). */
export function knownAssetDir(config: Config, asset: string): string | undefined {
  return foundDirs.get(`${config.dataDir}\0${config.mediaDir}\0${asset}`);
}

const manifests = new Map<string, MediaManifest>();

/** Packages never change in place (re-packaging writes a new id or restarts), so parse once. */
export async function loadManifest(dir: string): Promise<MediaManifest> {
  const cached = manifests.get(dir);
  if (cached) return cached;
  const manifest = manifestSchema.parse(JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')));
  manifests.set(dir, manifest);
  return manifest;
}

export interface MediaSegment {
  uri: string;
  duration: number;
}

export interface MediaPlaylist {
  targetDuration: number;
  /** The `#EXT-X-KEY` line as packaged (URI placeholder), or null for clear playlists. */
  keyLine: string | null;
  segments: MediaSegment[];
}

const playlists = new Map<string, MediaPlaylist>();

/** Parses a packaged VOD media playlist: what the live window and the key rewrite need. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split('\n').map((line) => line.trim());
  const segments: MediaSegment[] = [];
  let targetDuration = 0;
  let keyLine: string | null = null;
  lines.forEach((line, i) => {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-KEY:')) keyLine = line;
    else if (line.startsWith('#EXTINF:')) {
      segments.push({ duration: Number.parseFloat(line.slice(8)), uri: lines[i + 1] ?? '' });
    }
  });
  return { targetDuration, keyLine, segments };
}

export async function loadMediaPlaylist(file: string): Promise<MediaPlaylist> {
  const cached = playlists.get(file);
  if (cached) return cached;
  const playlist = parseMediaPlaylist(await readFile(file, 'utf8'));
  playlists.set(file, playlist);
  return playlist;
}
