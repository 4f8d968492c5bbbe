import { pipeline, Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Storage } from '../core/storage';
import { DomainError } from '../errors';

/**
 * Staff uploads (source videos, audio tracks, artwork) arrive as the raw request body and go straight
 * to the storage (the disk, or a bucket as a multipart upload, issue 28), a chunk at a time, under their
 * own size limit: never buffered whole, never through the 64 KiB body limit of the JSON API
 * (src/server/api/body-limits.ts lets these routes through).
 */

export function tooLarge(maxBytes: number): DomainError {
  return new DomainError('too_large', {
    key: 'upload_too_large',
    params: { max: Math.floor(maxBytes / 1024 ** 2) },
  });
}

/**
 * Stores `body` under `key` and returns its size; nobody sees half of it (the storage's put is
 * atomic). 413 as soon as it passes `maxBytes` (or at once when Content-Length says so), 422 when
 * empty; nothing is left stored either way.
 */
export async function receiveUpload(
  storage: Storage,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | undefined,
  key: string,
  maxBytes: number,
): Promise<number> {
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) throw tooLarge(maxBytes);
  if (!body) throw new DomainError('validation', 'upload_empty');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  // The request's failure or the limit destroys `counter` with its error, which the put then throws.
  const counted = pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), counter, () => {});
  await storage.put(key, counted);
  if (bytes === 0) {
    await storage.delete(key);
    throw new DomainError('validation', 'upload_empty');
  }
  return bytes;
}

/** The media type of a request without its parameters, lower-cased. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
