import type { Storage } from '../core/storage';

/**
 * Package files kept in memory for the hot path (decision record 0025): a premiere puts thousands of
 * viewers on the same few segments, so each is read from the storage (the disk or the bucket, issue 28)
 * once and sent from memory after that.
 * Packages never change in place (re-packaging writes a new asset id), so an entry stays true until it
 * is pushed out: least recently used first, once the kept bytes pass the budget.
 */
export interface MediaFile {
  storage: Storage;
  key: string;
  size: number;
  /** The whole file, or null when it is too large to keep (then it is streamed from the storage). */
  body: Buffer | null;
  /**
   * The storage's: nginx's own form on disk (`"<mtime hex>-<size hex>"`), the bucket's ETag in a
   * bucket, so the app, nginx in front (from disk or from the bucket) and a cache between agree.
   */
  etag: string;
  lastModified: string;
  /** Whole seconds, as HTTP dates carry them. */
  modifiedSeconds: number;
}

interface Store {
  budget: number;
  bytes: number;
  entries: Map<string, MediaFile>;
  /** Reads in progress: concurrent misses of one file wait for a single read. */
  reading: Map<string, Promise<MediaFile>>;
}

/** One file may take at most this share of the budget, so a few large ones cannot empty it. */
const LARGEST_SHARE = 16;

const stores = new Map<number, Store>();

function storeFor(budget: number): Store {
  let store = stores.get(budget);
  if (!store) {
    store = { budget, bytes: 0, entries: new Map(), reading: new Map() };
    stores.set(budget, store);
  }
  return store;
}

const entryKey = (storage: Storage, key: string) => `${storage.location}\0${key}`;

/** The kept file, moved to the recently used end; undefined when it must be read first. */
export function keptMediaFile(budget: number, storage: Storage, key: string): MediaFile | undefined {
  const store = storeFor(budget);
  const name = entryKey(storage, key);
  const entry = store.entries.get(name);
  if (entry) {
    store.entries.delete(name);
    store.entries.set(name, entry);
  }
  return entry;
}

function keep(store: Store, entry: MediaFile): void {
  if (!entry.body || entry.size * LARGEST_SHARE > store.budget) return;
  store.entries.set(entryKey(entry.storage, entry.key), entry);
  store.bytes += entry.size;
  for (const [name, old] of store.entries) {
    if (store.bytes <= store.budget) break;
    store.entries.delete(name);
    store.bytes -= old.size;
  }
}

async function readMediaFile(store: Store, storage: Storage, key: string): Promise<MediaFile> {
  const info = await storage.stat(key);
  const modifiedSeconds = Math.floor(info.modified.getTime() / 1000);
  const small = info.size * LARGEST_SHARE <= store.budget;
  const body = small ? await storage.read(key) : null;
  const entry: MediaFile = {
    storage,
    key,
    size: body ? body.length : info.size,
    body,
    etag: info.etag,
    lastModified: new Date(modifiedSeconds * 1000).toUTCString(),
    modifiedSeconds,
  };
  keep(store, entry);
  return entry;
}

/**
 * A package file from memory, or read (and kept when it fits) on a miss. Rejects (StorageNotFound)
 * when the file does not exist. `budget` is MEDIA_CACHE_MB in bytes; 0 keeps nothing and streams every file.
 */
export function mediaFile(budget: number, storage: Storage, key: string): Promise<MediaFile> {
  const kept = keptMediaFile(budget, storage, key);
  if (kept) return Promise.resolve(kept);
  const store = storeFor(budget);
  const name = entryKey(storage, key);
  let reading = store.reading.get(name);
  if (!reading) {
    reading = readMediaFile(store, storage, key).finally(() => store.reading.delete(name));
    store.reading.set(name, reading);
  }
  return reading;
}

/** What the cache holds now (for tests and the bench's notes). */
export function mediaCacheUse(budget: number): { files: number; bytes: number } {
  const store = storeFor(budget);
  return { files: store.entries.size, bytes: store.bytes };
}
