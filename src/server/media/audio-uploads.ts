import { randomBytes } from 'node:crypto';
import type { AudioKind, AudioTrack } from '../../shared/catalog';
import { MAX_AUDIO_UPLOAD_BYTES } from '../../shared/staff-catalogue-constants';
import type { AppContext } from '../context';
import { stagedAudioKey } from '../core/storage';
import { DomainError, invalidFields } from '../errors';
import { mediaTypeOf, receiveUpload } from './uploads';

/**
 * More audio tracks of a title (a dub, an audio description; issue 29), uploaded in the staff console
 * before its video: each is streamed to the storage here and answered with an id, and the video's
 * upload names the ids, so the video is packaged with them (packaging-jobs.ts). With a bucket (issue 28)
 * the video may reach any instance; on the local directory it must reach the same one. A file no video
 * took is removed after a day.
 */

export interface StagedAudio extends AudioTrack {
  id: string;
  bytes: number;
}

/** What is kept beside the file: which title (or episode) and track it is for. */
interface StagedAudioInfo extends StagedAudio {
  productId: number;
  episodeId: number | null;
}

const STAGED_ID = /^[0-9a-f]{16}$/;
const KEPT_MS = 24 * 60 * 60 * 1000;

const STAGING_PREFIX = stagedAudioKey('');
const stagedFile = (id: string) => stagedAudioKey(`${id}.source`);
const stagedInfo = (id: string) => stagedAudioKey(`${id}.json`);

/** Audio may come as any audio type, or as a container browsers cannot name. */
function isAudioType(type: string): boolean {
  return type.startsWith('audio/') || type === 'application/octet-stream';
}

/** Removes staged files older than a day (left by a video that was never sent). */
async function sweep(ctx: AppContext): Promise<void> {
  const staged = await ctx.storage.list(STAGING_PREFIX);
  // Files' times are the storage's, not the application clock's (which tests move).
  const now = Date.now();
  for (const file of staged) {
    if (now - file.modified.getTime() > KEPT_MS) await ctx.storage.delete(file.key);
  }
}

/** PUT /staff/catalogue/titles/{id}/audio?lang&kind&episode_id: the file to the storage, its id back. */
export async function stageAudio(
  ctx: AppContext,
  upload: {
    productId: number;
    episodeId: number | null;
    lang: string;
    kind: AudioKind;
    contentType: string | undefined;
    contentLength: string | undefined;
    body: ReadableStream<Uint8Array> | null;
  },
  maxBytes = MAX_AUDIO_UPLOAD_BYTES,
): Promise<StagedAudio> {
  if (!isAudioType(mediaTypeOf(upload.contentType))) {
    throw new DomainError('validation', 'upload_type_audio');
  }
  await sweep(ctx);
  const id = randomBytes(8).toString('hex');
  const bytes = await receiveUpload(ctx.storage, upload.body, upload.contentLength, stagedFile(id), maxBytes);
  const info: StagedAudioInfo = {
    id,
    lang: upload.lang,
    kind: upload.kind,
    bytes,
    productId: upload.productId,
    episodeId: upload.episodeId,
  };
  await ctx.storage.put(stagedInfo(id), JSON.stringify(info));
  return { id, lang: info.lang, kind: info.kind, bytes };
}

/**
 * The staged tracks a video upload names, checked: each received here for the same title (and
 * episode), and no two tracks alike with the video's own sound (`original` in the language given).
 * 422 on the `audio` field otherwise.
 */
export async function stagedAudioOf(
  ctx: AppContext,
  target: { productId: number; episodeId: number | null },
  ids: string[],
  original: AudioTrack | null,
): Promise<StagedAudioInfo[]> {
  const tracks: StagedAudioInfo[] = [];
  for (const id of ids) {
    const text = STAGED_ID.test(id) ? await ctx.storage.read(stagedInfo(id)).then(String, () => null) : null;
    const info = text === null ? null : (JSON.parse(text) as StagedAudioInfo);
    if (!info || info.productId !== target.productId || info.episodeId !== target.episodeId) {
      throw invalidFields({ audio: 'audio_not_found' });
    }
    tracks.push(info);
  }
  const names = [...(original ? [original] : []), ...tracks].map((track) => `${track.lang}-${track.kind}`);
  if (new Set(names).size !== names.length) throw invalidFields({ audio: 'audio_twice' });
  return tracks;
}

/** Moves staged tracks to where a job keeps them (its `n`th track beside its source). */
export async function takeStagedAudio(
  ctx: AppContext,
  tracks: StagedAudioInfo[],
  keyOf: (index: number) => string,
): Promise<void> {
  for (const [index, track] of tracks.entries()) {
    await ctx.storage.copy(stagedFile(track.id), keyOf(index));
    await ctx.storage.delete(stagedFile(track.id));
    await ctx.storage.delete(stagedInfo(track.id));
  }
}
