import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { audioKinds } from '../../shared/catalog-constants';
import { locales } from '../../lib/locale';
import type { AppContext } from '../context';
import { localStorage } from '../core/storage/local';
import { PACKAGE_MANIFEST, packagePrefix, type Storage } from '../core/storage';
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

/** Where a package's files are: a storage and the package's folder in it (`media/<asset>/`). */
export interface PackageHome {
  storage: Storage;
  prefix: string;
}

/** The committed demo packages (MEDIA_DIR/demo/<id>), part of the release on every instance. */
const demoStorages = new Map<string, Storage>();
function demoStorage(mediaDir: string): Storage {
  let storage = demoStorages.get(mediaDir);
  if (!storage) {
    storage = localStorage(mediaDir);
    demoStorages.set(mediaDir, storage);
  }
  return storage;
}

const foundHomes = new Map<string, PackageHome>();
const homeKey = (ctx: AppContext, asset: string) =>
  `${ctx.storage.location}\0${ctx.config.mediaDir}\0${asset}`;

/**
 * Where an asset's package lives: titles packaged into the storage (DATA_DIR/media/<id> or the bucket,
 * issue 28) first, then the committed demo packages (MEDIA_DIR/demo/<id>). Null for an unknown or
 * malformed id. Every segment request asks, so a package once found is remembered (packages never
 * move, as the manifests below); a missing one is looked for again, since it may be packaged later.
 */
export async function assetHome(ctx: AppContext, asset: string): Promise<PackageHome | null> {
  if (!isAssetId(asset)) return null;
  const key = homeKey(ctx, asset);
  const known = foundHomes.get(key);
  if (known) return known;
  const candidates: PackageHome[] = [
    { storage: ctx.storage, prefix: packagePrefix(asset) },
    { storage: demoStorage(ctx.config.mediaDir), prefix: `demo/${asset}/` },
  ];
  for (const home of candidates) {
    if (await home.storage.exists(`${home.prefix}${PACKAGE_MANIFEST}`)) {
      foundHomes.set(key, home);
      return home;
    }
  }
  return null;
}

/** The package's home if assetHome found it before (the media door's synchronous path). */
export function knownAssetHome(ctx: AppContext, asset: string): PackageHome | undefined {
  return foundHomes.get(homeKey(ctx, asset));
}

const manifests = new Map<string, MediaManifest>();

export function parseManifest(text: string): MediaManifest {
  return manifestSchema.parse(JSON.parse(text));
}

/** Packages never change in place (re-packaging writes a new id or restarts), so parse once. */
export async function packageManifest(home: PackageHome): Promise<MediaManifest> {
  const key = `${home.storage.location}\0${home.prefix}`;
  const cached = manifests.get(key);
  if (cached) return cached;
  const manifest = parseManifest(
    (await home.storage.read(`${home.prefix}${PACKAGE_MANIFEST}`)).toString('utf8'),
  );
  manifests.set(key, manifest);
  return manifest;
}

/** The manifest of a package folder on this disk (the packager's output, tests). */
export async function loadManifest(dir: string): Promise<MediaManifest> {
  return parseManifest(await readFile(path.join(dir, PACKAGE_MANIFEST), 'utf8'));
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

/** A packaged variant playlist, parsed once (packages never change in place). */
export async function loadMediaPlaylist(home: PackageHome, file: string): Promise<MediaPlaylist> {
  const key = `${home.storage.location}\0${home.prefix}${file}`;
  const cached = playlists.get(key);
  if (cached) return cached;
  const playlist = parseMediaPlaylist((await home.storage.read(`${home.prefix}${file}`)).toString('utf8'));
  playlists.set(key, playlist);
  return playlist;
}
