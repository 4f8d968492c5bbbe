import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DomainError } from '../errors';

/**
 * Staff uploads (source videos, artwork) arrive as the raw request body and go straight to disk, a
 * chunk at a time, under their own size limit: never buffered, never through the 64 KiB body limit of
 * the JSON API (src/server/api/body-limits.ts lets these routes through).
 */

export function tooLarge(maxBytes: number): DomainError {
  return new DomainError('too_large', {
    key: 'upload_too_large',
    params: { max: Math.floor(maxBytes / 1024 ** 2) },
  });
}

/**
 * Writes `body` to `file` (made aside and renamed, so nobody sees half a file) and returns its size.
 * 413 as soon as it passes `maxBytes` (or at once when Content-Length says so), 422 when empty; the
 * partial file is removed either way.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | undefined,
  file: string,
  maxBytes: number,
): Promise<number> {
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) throw tooLarge(maxBytes);
  if (!body) throw new DomainError('validation', 'upload_empty');
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(partial),
    );
    if (bytes === 0) throw new DomainError('validation', 'upload_empty');
    await rename(partial, file);
    return bytes;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The media type of a request without its parameters, lower-cased. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
