import type { Readable } from 'node:stream';

/**
 * Where the product keeps its files (issue 28, decision record 0047): HLS packages, sources awaiting
 * packaging, artwork, avatars, cafe photos, subtitles. Two implementations behind one contract: the
 * local directory (DATA_DIR, the default) and S3-compatible object storage (STORAGE_URL).
 *
 * Keys are relative paths with `/` between parts, the same as the file's path under DATA_DIR today
 * (`media/<asset>/master.m3u8`, `uploads/avatars/<name>.webp`; see keys.ts), so a bucket mirrors a
 * data directory and the local implementation changes nothing on disk. Never a key: content keys
 * (they live in the database) and the data directory's secrets.
 */
export interface Storage {
  /** `local` or `s3`: for logs and the few places that must know (nginx serving straight from disk). */
  readonly kind: 'local' | 's3';
  /** Where, without credentials: `/var/lib/cinema-stream` or `s3://bucket/prefix`. */
  readonly location: string;
  /**
   * Stores `body` under `key`, replacing what was there. Streamed: a large body goes up in parts (S3
   * multipart upload) and is never held whole in memory. Atomic: readers see the old object or the
   * new one, never a part; a failed or aborted body leaves nothing behind. Throws the body's own error
   * when it fails (a size limit of the caller's, say).
   */
  put(key: string, body: StorageBody, options?: PutOptions): Promise<StoredObject>;
  /** The object's bytes as a stream, all or `range`. Throws StorageNotFound, StorageRangeError. */
  get(key: string, range?: ByteRange): Promise<StorageRead>;
  /** The whole object in memory: for small files only (manifests, playlists, images). */
  read(key: string): Promise<Buffer>;
  /** Size and version of the object. Throws StorageNotFound. */
  stat(key: string): Promise<StoredObject>;
  exists(key: string): Promise<boolean>;
  /** Every object under `prefix` (a folder: `media/t1-ab12/`; '' is everything), in key order. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Removes the object; nothing to remove is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix` (a folder, never ''); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Copies one object inside the storage (server-side on S3). Throws StorageNotFound. */
  copy(from: string, to: string): Promise<StoredObject>;
  /**
   * Publishes a finished local folder (a package made by ffmpeg) under `prefix`: each file as
   * `<prefix><relative path>`, the file named `last` after all the others, so whoever finds `last`
   * (package.json) finds a complete package. Local: a rename when the folder is on the same disk.
   * The folder is gone afterwards in both implementations.
   */
  publishFolder(folder: string, prefix: string, last: string): Promise<number>;
  /** Copies an object to a local file (ffmpeg reads sources from disk). Throws StorageNotFound. */
  download(key: string, file: string): Promise<void>;
  /** Local only: the file's path, for serving it with sendfile or nginx; undefined on S3. */
  localPath(key: string): string | undefined;
  /** Releases connections (S3); the local directory has none. */
  close(): Promise<void>;
}

export type StorageBody = Readable | ReadableStream<Uint8Array> | Uint8Array | string;

export interface PutOptions {
  contentType?: string;
}

export interface StoredObject {
  key: string;
  size: number;
  /** Changes whenever the content may have (quoted, as HTTP carries it). */
  etag: string;
  modified: Date;
}

/** Inclusive byte offsets, as HTTP ranges: `{ start: 0, end: 99 }` is the first 100 bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface StorageRead extends StoredObject {
  body: Readable;
  /** The bytes `body` carries: first and last offset (inclusive) within the object of `size`. */
  start: number;
  end: number;
}

/** A key (or a prefix's key) that names no object: callers answer 404. */
export class StorageNotFound extends Error {
  readonly code = 'storage_not_found';
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFound';
  }
}

/** A range that starts beyond the object's end: callers answer 416. */
export class StorageRangeError extends Error {
  readonly code = 'storage_range';
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`range outside ${key} (${size} bytes)`);
    this.name = 'StorageRangeError';
  }
}

export const isNotFound = (error: unknown): error is StorageNotFound => error instanceof StorageNotFound;

/** Storage.exists from its stat: no such object is false; any other failure (the bucket down) throws. */
export const existsFrom =
  (stat: Storage['stat']): Storage['exists'] =>
  (key) =>
    stat(key).then(
      () => true,
      (error: unknown) => {
        if (isNotFound(error)) return false;
        throw error;
      },
    );

/**
 * A key is a relative path of plain parts: no empty part, no `.` or `..`, no backslash or NUL, so no
 * key can leave the data directory or the bucket's prefix. Throws on anything else (a programming
 * error: keys are built by keys.ts, never taken from a request as they are).
 */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (
    key.length === 0 ||
    key.length > 900 ||
    /[\\\0]/.test(key) ||
    parts.some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A prefix is '' (everything) or a key's folder ending in `/`. */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  if (!prefix.endsWith('/')) throw new Error(`a storage prefix ends with /: ${JSON.stringify(prefix)}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** The inclusive offsets `range` names in an object of `size` bytes; throws when none are in it. */
export function resolveRange(key: string, size: number, range?: ByteRange): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new StorageRangeError(key, size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) {
    throw new StorageRangeError(key, size);
  }
  return { start: range.start, end: Math.min(size - 1, range.end ?? size - 1) };
}

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mpegts': 'video/mp2t',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt; charset=utf-8',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/**
 * The media type an object is stored with (S3 answers it, so nginx or a CDN serving straight from
 * the bucket sends the right one); octet-stream for sources and anything else.
 */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return (
    (dot > key.lastIndexOf('/') && CONTENT_TYPES[key.slice(dot).toLowerCase()]) || 'application/octet-stream'
  );
}
