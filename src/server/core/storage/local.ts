import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  checkKey,
  checkPrefix,
  existsFrom,
  resolveRange,
  StorageNotFound,
  type ByteRange,
  type Storage,
  type StorageBody,
  type StorageRead,
  type StoredObject,
} from './storage';

/** Files being written are hidden under this ending until renamed into place; list never shows them. */
const WRITING = '.storing';

const missing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export function toReadable(body: StorageBody): Readable {
  if (typeof body === 'string' || body instanceof Uint8Array) return Readable.from([Buffer.from(body)]);
  if (body instanceof Readable) return body;
  return Readable.fromWeb(body as WebReadableStream<Uint8Array>);
}

/** nginx's ETag form, `"<mtime hex>-<size hex>"`, so the app, nginx and a cache between agree. */
function objectOf(key: string, size: number, mtimeMs: number): StoredObject {
  const seconds = Math.floor(mtimeMs / 1000);
  return {
    key,
    size,
    etag: `"${seconds.toString(16)}-${size.toString(16)}"`,
    modified: new Date(seconds * 1000),
  };
}

/**
 * The local directory: each key is the file `<root>/<key>` (root is DATA_DIR), exactly where the
 * product kept its files before issue 28. Writes go to a hidden file beside the target and are renamed
 * into place, so a reader never sees half a file.
 */
export function localStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkKey(key));

  async function statKey(key: string): Promise<StoredObject> {
    const info = await stat(fileOf(key)).catch((error: unknown) => {
      throw missing(error) ? new StorageNotFound(key) : error;
    });
    if (!info.isFile()) throw new StorageNotFound(key);
    return objectOf(key, info.size, info.mtimeMs);
  }

  async function walk(dir: string, prefix: string, into: StoredObject[]): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`, into);
      else if (entry.isFile() && !entry.name.endsWith(WRITING)) {
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) into.push(objectOf(key, info.size, info.mtimeMs));
      }
    }
  }

  /** Moves a finished file into place (copying when `from` is on another disk). */
  async function moveInto(from: string, to: string): Promise<void> {
    await mkdir(path.dirname(to), { recursive: true });
    await rename(from, to).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const writing = `${to}.${randomBytes(6).toString('hex')}${WRITING}`;
      await copyFile(from, writing);
      await rename(writing, to);
      await rm(from, { force: true });
    });
  }

  const storage: Storage = {
    kind: 'local',
    location: root,

    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const writing = `${file}.${randomBytes(6).toString('hex')}${WRITING}`;
      try {
        await pipeline(toReadable(body), createWriteStream(writing));
        await rename(writing, file);
      } catch (error) {
        await rm(writing, { force: true });
        throw error;
      }
      return statKey(key);
    },

    async get(key, range?: ByteRange): Promise<StorageRead> {
      const info = await statKey(key);
      const { start, end } = resolveRange(key, info.size, range);
      // An empty object has no byte to name: an empty stream (createReadStream's end -1 would read all).
      const body = info.size === 0 ? Readable.from([]) : createReadStream(fileOf(key), { start, end });
      return { ...info, body, start, end };
    },

    async read(key) {
      return readFile(fileOf(key)).catch((error: unknown) => {
        throw missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR'
          ? new StorageNotFound(key)
          : error;
      });
    },

    stat: statKey,

    exists: existsFrom(statKey),

    async list(prefix) {
      checkPrefix(prefix);
      const found: StoredObject[] = [];
      await walk(prefix ? fileOf(prefix.slice(0, -1)) : root, prefix, found);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      if (checkPrefix(prefix) === '') throw new Error('deletePrefix needs a folder, not everything');
      const count = (await storage.list(prefix)).length;
      await rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
      return count;
    },

    async copy(from, to) {
      await statKey(from);
      const target = fileOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      const writing = `${target}.${randomBytes(6).toString('hex')}${WRITING}`;
      await copyFile(fileOf(from), writing);
      await rename(writing, target);
      return statKey(to);
    },

    async publishFolder(folder, prefix, last) {
      checkPrefix(prefix);
      const files: StoredObject[] = [];
      await walk(folder, '', files);
      const target = fileOf(prefix.slice(0, -1));
      // The whole folder at once when it can: a rename on one disk is atomic, `last` included.
      const renamed = await stat(target).then(
        () => false,
        async () => {
          await mkdir(path.dirname(target), { recursive: true });
          return rename(folder, target).then(
            () => true,
            () => false,
          );
        },
      );
      if (!renamed) {
        const ordered = [...files.filter((f) => f.key !== last), ...files.filter((f) => f.key === last)];
        for (const file of ordered)
          await moveInto(path.join(folder, file.key), fileOf(`${prefix}${file.key}`));
        await rm(folder, { recursive: true, force: true });
      }
      return files.length;
    },

    async download(key, file) {
      const read = await storage.get(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(read.body, createWriteStream(file));
    },

    localPath: fileOf,

    async close() {},
  };
  return storage;
}
