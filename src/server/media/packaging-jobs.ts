import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AudioTrack } from '../../shared/catalog';
import type { MediaJob } from '../../shared/staff-catalogue';
import { MAX_VIDEO_UPLOAD_BYTES, VIDEO_UPLOAD_TYPES } from '../../shared/staff-catalogue-constants';
import { announceCatalogueChange, catalogueChanged } from '../catalog';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { episodes, mediaJobs, productMedia, products, seasons } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { recordAudit } from '../core/audit';
import {
  CONTENT_KEY_FILE,
  PACKAGE_MANIFEST,
  packagePrefix,
  sourceAudioKey,
  sourceKey,
} from '../core/storage';
import { saveContentKey } from './content-keys';
import { stageAudio, stagedAudioOf, takeStagedAudio, type StagedAudio } from './audio-uploads';
import { mediaTypeOf, receiveUpload } from './uploads';
import { log } from '../core/log';

/**
 * Source videos uploaded in the staff console, packaged in the background by scripts/package-hls.mjs
 * (decision records 0010 and 0031) and attached to their title (or episode) when done. One package at a
 * time per server: ffmpeg takes a core, and the machine serves viewers too. The source and the package
 * live in the storage (issue 28, decision record 0050): ffmpeg works in a folder of this machine, the
 * package is published when complete, and a job whose instance stopped mid-way is started over by any
 * instance on the same storage (at its start, or within a minute while it runs).
 */

type JobRow = typeof mediaJobs.$inferSelect;

export function mediaJobOf(row: JobRow): MediaJob {
  return {
    id: row.id,
    product_id: row.productId,
    episode_id: row.episodeId,
    status: row.status,
    progress: row.progress,
    asset: row.asset,
    source_bytes: row.sourceBytes,
    audio_lang: row.audioLang,
    audio: row.audio,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

interface Runner {
  chain: Promise<void>;
  /** Jobs in this instance's chain, not finished: the sweep leaves them alone. */
  queued: Set<number>;
  child: ChildProcess | null;
  stopping: boolean;
}

const runners = new WeakMap<AppContext, Runner>();

function runnerOf(ctx: AppContext): Runner {
  let runner = runners.get(ctx);
  if (!runner) {
    runner = { chain: Promise.resolve(), queued: new Set(), child: null, stopping: false };
    runners.set(ctx, runner);
  }
  return runner;
}

/** Where a job's files are while ffmpeg works: this machine's disk, beside DATA_DIR's storage. */
const workDir = (ctx: AppContext, asset: string) =>
  path.join(ctx.config.dataDir, 'packaging', `${asset}.partial`);
const workSource = (work: string) => path.join(work, 'source');
/** The job's `index`th extra audio track, beside its source (issue 29). */
const workAudio = (work: string, index: number) => path.join(work, `audio${index}`);
const workPackage = (work: string) => path.join(work, 'package');

/** Which instances may package a job: those on the storage holding its source. */
const instanceOf = (ctx: AppContext) => ctx.storage.location;

/** The source and its audio tracks leave the storage once packaged (or given up on). */
async function removeSources(ctx: AppContext, job: JobRow): Promise<void> {
  await ctx.storage.delete(sourceKey(job.asset));
  for (const index of job.audio.keys()) await ctx.storage.delete(sourceAudioKey(job.asset, index));
}

/** The packager's audio options: the source's own sound as the original, then each extra track. */
function audioArgs(job: JobRow, work: string): string[] {
  if (job.audio.length === 0) return [];
  return [
    '--audio-lang',
    job.audioLang ?? 'und',
    ...job.audio.flatMap((track, index) => [
      '--audio',
      `${track.lang}:${track.kind}:${workAudio(work, index)}`,
    ]),
  ];
}

function enqueue(ctx: AppContext, jobId: number): void {
  const runner = runnerOf(ctx);
  runner.queued.add(jobId);
  runner.chain = runner.chain
    .then(() => (runner.stopping ? undefined : packageJob(ctx, runner, jobId)))
    .catch((error: unknown) => log.error({ err: error, jobId }, `media job ${jobId} failed`))
    .finally(() => runner.queued.delete(jobId));
}

async function setJob(ctx: AppContext, id: number, values: Partial<JobRow>): Promise<void> {
  await ctx.database.db
    .update(mediaJobs)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(mediaJobs.id, id));
}

/** Runs the packaging script, moving the job's progress as each encoding step ends. */
function runPackager(ctx: AppContext, runner: Runner, job: JobRow, work: string): Promise<string | null> {
  const script = path.join(ctx.config.appRoot, 'scripts', 'package-hls.mjs');
  const child = spawn(
    process.execPath,
    [script, workSource(work), workPackage(work), '--id', job.asset, ...audioArgs(job, work), '--progress'],
    // Its own process group, so stopping it stops the ffmpeg it runs too.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  runner.child = child;
  let errors = '';
  let pending = '';
  let reported = 0;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const progress = /^progress (\d+)$/.exec(line);
      if (!progress) {
        errors = `${errors}${line}\n`.slice(-2000);
        continue;
      }
      // 100 is said only once the package is attached and playable.
      const percent = Math.min(99, Number(progress[1]));
      if (percent > reported) {
        reported = percent;
        void setJob(ctx, job.id, { progress: percent });
      }
    }
  });
  return new Promise((resolve) => {
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code) => {
      runner.child = null;
      resolve(code === 0 ? null : errors.trim() || `the packager stopped (${code})`);
    });
  });
}

/** The tracks a package was made with, as the title (or episode) records them. */
async function packagedAudio(packageFolder: string): Promise<AudioTrack[]> {
  const manifest = JSON.parse(await readFile(path.join(packageFolder, PACKAGE_MANIFEST), 'utf8')) as {
    audio?: AudioTrack[];
  };
  return (manifest.audio ?? []).map(({ lang, kind }) => ({ lang, kind }));
}

async function attach(ctx: AppContext, job: JobRow, audio: AudioTrack[]): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const where = and(
      eq(productMedia.productId, job.productId),
      job.episodeId === null ? isNull(productMedia.episodeId) : eq(productMedia.episodeId, job.episodeId),
    );
    const [before] = await tx.select().from(productMedia).where(where).for('update');
    // The package carries its own clear trailer, so it plays for visitors without an account too.
    const media = { asset: job.asset, trailerAsset: job.asset };
    if (before) await tx.update(productMedia).set(media).where(eq(productMedia.id, before.id));
    else
      await tx.insert(productMedia).values({ productId: job.productId, episodeId: job.episodeId, ...media });
    await recordAudio(tx, job, audio);
    await tx
      .update(mediaJobs)
      .set({ status: 'ready', progress: 100, error: null, updatedAt: ctx.clock.now() })
      .where(eq(mediaJobs.id, job.id));
    await recordAudit(tx, {
      actorId: job.createdBy,
      action: 'title.media',
      targetType: 'title',
      targetId: String(job.productId),
      before: before
        ? { episode_id: job.episodeId, asset: before.asset, trailer_asset: before.trailerAsset }
        : null,
      after: {
        episode_id: job.episodeId,
        asset: job.asset,
        trailer_asset: job.asset,
        media_job: job.id,
        audio,
      },
    });
    await announceCatalogueChange(tx);
  });
  catalogueChanged(ctx);
}

/**
 * What a title (or episode) now plays in: the package's audio tracks. A series has the tracks of all
 * its episodes, so its page and the dubbed filter say so once one episode is dubbed.
 */
async function recordAudio(tx: DbTransaction, job: JobRow, audio: AudioTrack[]): Promise<void> {
  if (job.episodeId === null) {
    await tx.update(products).set({ audioTracks: audio }).where(eq(products.id, job.productId));
    return;
  }
  await tx.update(episodes).set({ audioTracks: audio }).where(eq(episodes.id, job.episodeId));
  const all = await tx
    .select({ audio: episodes.audioTracks })
    .from(episodes)
    .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
    .where(eq(seasons.productId, job.productId));
  const union = new Map<string, AudioTrack>();
  for (const track of all.flatMap((row) => row.audio)) union.set(`${track.lang}-${track.kind}`, track);
  await tx
    .update(products)
    .set({ audioTracks: [...union.values()] })
    .where(eq(products.id, job.productId));
}

/**
 * Packages one job under its lock `media-job:<id>`: instances share the storage with the job's source,
 * so one starting up (or sweeping) must not take over a job another is packaging (decision record
 * 0033); a crashed instance's lock goes with its database connection, and the job is free again.
 */
async function packageJob(ctx: AppContext, runner: Runner, id: number): Promise<void> {
  await ctx.database.exclusively(`media-job:${id}`, () => packageLocked(ctx, runner, id));
}

async function packageLocked(ctx: AppContext, runner: Runner, id: number): Promise<void> {
  const [job] = await ctx.database.db
    .update(mediaJobs)
    .set({ status: 'packaging', progress: 0, updatedAt: ctx.clock.now() })
    .where(and(eq(mediaJobs.id, id), eq(mediaJobs.status, 'queued')))
    .returning();
  if (!job) return;
  // ffmpeg reads and writes local files: the source is fetched into a folder of this machine, the
  // package made there and published into the storage when complete (package.json last), so a
  // half-made package is never found by the media server.
  const work = workDir(ctx, job.asset);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    await ctx.storage.download(sourceKey(job.asset), workSource(work));
    for (const index of job.audio.keys()) {
      await ctx.storage.download(sourceAudioKey(job.asset, index), workAudio(work, index));
    }
    const failure = await runPackager(ctx, runner, job, work);
    // Stopped with the server: the source stays, and the job is started over by the next instance.
    if (runner.stopping) return;
    if (failure !== null) {
      await removeSources(ctx, job);
      await setJob(ctx, job.id, { status: 'failed', error: failure });
      return;
    }
    const folder = workPackage(work);
    // The key goes to the database, never into the storage (decision record 0050).
    const keyFile = path.join(folder, CONTENT_KEY_FILE);
    await saveContentKey(ctx.database.db, job.asset, await readFile(keyFile));
    await rm(keyFile);
    const audio = await packagedAudio(folder);
    await ctx.storage.publishFolder(folder, packagePrefix(job.asset), PACKAGE_MANIFEST);
    await attach(ctx, job, audio);
    await removeSources(ctx, job);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The title an upload is for (404 if none), and its episode's check: 422 when not one of its own. */
async function uploadTarget(ctx: AppContext, productId: number, episodeId: number | null) {
  const db = ctx.database.db;
  const [product] = await db
    .select({ id: products.id, kind: products.kind })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound();
  if (episodeId !== null) {
    const [episode] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
      .where(and(eq(episodes.id, episodeId), eq(seasons.productId, product.id)));
    if (!episode) throw invalidFields({ episode_id: 'episode_not_in_title' });
  }
  return product;
}

/**
 * PUT /staff/catalogue/titles/{id}/audio: an extra audio track of the title (or episode), kept until its
 * video is uploaded naming it (audio-uploads.ts). Not audited by itself: the video's upload records
 * the tracks it takes.
 */
export async function uploadAudio(
  ctx: AppContext,
  upload: Parameters<typeof stageAudio>[1],
  maxBytes?: number,
): Promise<StagedAudio> {
  await uploadTarget(ctx, upload.productId, upload.episodeId);
  return stageAudio(ctx, upload, maxBytes);
}

/**
 * PUT /staff/catalogue/titles/{id}/video: streams the source to disk, records the job (audited) and
 * queues its packaging. The job is answered at once; its progress is read with getMediaJob. `audio`
 * names extra audio tracks uploaded before (audio-uploads.ts), packaged as audio renditions beside the
 * source's own sound, which is then the original in `audioLang`.
 */
export async function uploadVideo(
  ctx: AppContext,
  actorId: number,
  upload: {
    productId: number;
    episodeId: number | null;
    contentType: string | undefined;
    contentLength: string | undefined;
    body: ReadableStream<Uint8Array> | null;
    audioLang?: string | null;
    audio?: string[];
  },
  maxBytes = MAX_VIDEO_UPLOAD_BYTES,
): Promise<MediaJob> {
  const type = mediaTypeOf(upload.contentType);
  if (!type.startsWith('video/') && !(VIDEO_UPLOAD_TYPES as readonly string[]).includes(type)) {
    throw new DomainError('validation', 'upload_type_video');
  }
  const db = ctx.database.db;
  const product = await uploadTarget(ctx, upload.productId, upload.episodeId);
  const audioIds = upload.audio ?? [];
  const audioLang = audioIds.length > 0 ? (upload.audioLang ?? null) : null;
  if (audioIds.length > 0 && !audioLang) throw invalidFields({ audio_lang: 'audio_lang_needed' });
  // Checked before the (large) video is read, and taken after it arrived.
  const target = { productId: product.id, episodeId: upload.episodeId };
  const original = audioLang ? { lang: audioLang, kind: 'original' as const } : null;
  await stagedAudioOf(ctx, target, audioIds, original);
  const asset = `t${product.id}-${randomBytes(5).toString('hex')}`;
  const sourceBytes = await receiveUpload(
    ctx.storage,
    upload.body,
    upload.contentLength,
    sourceKey(asset),
    maxBytes,
  );
  let audio: AudioTrack[];
  try {
    const tracks = await stagedAudioOf(ctx, target, audioIds, original);
    await takeStagedAudio(ctx, tracks, (index) => sourceAudioKey(asset, index));
    audio = tracks.map(({ lang, kind }) => ({ lang, kind }));
  } catch (error) {
    // Taken meanwhile by another upload of the same title: this one is not kept.
    await ctx.storage.delete(sourceKey(asset));
    throw error instanceof DomainError ? error : invalidFields({ audio: 'audio_not_found' });
  }
  const job = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaJobs)
      .values({
        productId: product.id,
        episodeId: upload.episodeId,
        status: 'queued',
        asset,
        sourceBytes,
        audioLang,
        audio,
        instance: instanceOf(ctx),
        createdBy: actorId,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'title.video_upload',
      targetType: 'title',
      targetId: String(product.id),
      before: null,
      after: {
        media_job: row!.id,
        episode_id: upload.episodeId,
        asset,
        source_bytes: sourceBytes,
        ...(audio.length > 0 && { audio_lang: audioLang, audio }),
      },
    });
    return row!;
  });
  enqueue(ctx, job.id);
  return mediaJobOf(job);
}

/** GET /staff/catalogue/media-jobs/{id}. */
export async function getMediaJob(ctx: AppContext, id: number): Promise<MediaJob> {
  const [job] = await ctx.database.db.select().from(mediaJobs).where(eq(mediaJobs.id, id));
  if (!job) throw notFound();
  return mediaJobOf(job);
}

/** How often a running instance looks for jobs whose instance stopped mid-way. */
const SWEEP_MS = 60_000;

/**
 * Queues the open jobs on this storage nobody is packaging: their source is in the storage and no
 * instance holds their lock (the one packaging them stopped or crashed).
 */
async function resumeOpenJobs(ctx: AppContext, runner: Runner): Promise<void> {
  const open = await ctx.database.db
    .select({ id: mediaJobs.id, asset: mediaJobs.asset })
    .from(mediaJobs)
    .where(and(eq(mediaJobs.instance, instanceOf(ctx)), inArray(mediaJobs.status, ['queued', 'packaging'])));
  for (const job of open) {
    if (runner.stopping || runner.queued.has(job.id)) continue;
    // Only a job whose source is in this storage (another machine may use the same DATA_DIR path).
    if (!(await ctx.storage.exists(sourceKey(job.asset)))) continue;
    // Not one another instance is packaging now: it holds the job's lock.
    const free = await ctx.database.exclusively(`media-job:${job.id}`, () =>
      setJob(ctx, job.id, { status: 'queued', progress: 0 }),
    );
    if (free) enqueue(ctx, job.id);
  }
}

/**
 * Started with the server: jobs on this storage that were not finished (their instance stopped
 * mid-way) are queued again, at once and then every minute, unless another instance is packaging
 * them. Returns the stop, which ends a packaging in progress and waits for it.
 */
export function startMediaPackaging(ctx: AppContext): () => Promise<void> {
  const runner = runnerOf(ctx);
  runner.stopping = false;
  let sweeping = resumeOpenJobs(ctx, runner);
  const sweep = () =>
    sweeping.catch((error: unknown) => log.error({ err: error }, 'resuming media jobs failed'));
  void sweep();
  const timer = setInterval(() => {
    sweeping = sweeping.then(() => resumeOpenJobs(ctx, runner));
    void sweep();
  }, SWEEP_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweep();
    runner.stopping = true;
    const pid = runner.child?.pid;
    if (pid) process.kill(-pid, 'SIGTERM');
    await runner.chain;
  };
}
