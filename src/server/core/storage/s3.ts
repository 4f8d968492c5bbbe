import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../config';
import { localStorage, toReadable } from './local';
import {
  checkKey,
  checkPrefix,
  contentTypeOf,
  existsFrom,
  StorageNotFound,
  StorageRangeError,
  type Storage,
  type StorageRead,
  type StoredObject,
} from './storage';

/** Parts of a multipart upload: 8 MiB (S3's least is 5), four in flight: at most 32 MiB held per put. */
const PART_BYTES = 8 * 2 ** 20;
const PARTS_IN_FLIGHT = 4;
/** Files of a package published at once. */
const FILES_IN_FLIGHT = 8;

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2, ...): each key is the object
 * `<prefix><key>` in the bucket. Large bodies go up as multipart uploads (lib-storage), a part at a
 * time, and an upload that fails is aborted, so nothing half-written is ever visible.
 */
export function s3Storage(config: S3StorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all read the trailing
    // checksums (aws-chunked bodies) that newer SDKs send by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = config;
  const full = (key: string) => `${config.prefix}${checkKey(key)}`;
  const notFoundOr = (key: string) => (error: unknown) => {
    throw statusOf(error) === 404 ? new StorageNotFound(key) : error;
  };

  async function statKey(key: string): Promise<StoredObject> {
    const head = await client
      .send(new HeadObjectCommand({ Bucket: bucket, Key: full(key) }))
      .catch(notFoundOr(key));
    return {
      key,
      size: head.ContentLength ?? 0,
      etag: head.ETag ?? '""',
      modified: head.LastModified ?? new Date(0),
    };
  }

  async function putStream(key: string, body: Readable, contentType: string | undefined) {
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: full(key),
        Body: body,
        ContentType: contentType ?? contentTypeOf(key),
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    // The body's own failure (a caller's size limit) must win over the SDK's report of it.
    let failure: unknown;
    body.once('error', (error) => (failure ??= error));
    try {
      await upload.done();
    } catch (error) {
      throw failure ?? error;
    }
    if (failure) throw failure;
  }

  async function listAll(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: `${config.prefix}${prefix}`,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        found.push({
          key: object.Key!.slice(config.prefix.length),
          size: object.Size ?? 0,
          etag: object.ETag ?? '""',
          modified: object.LastModified ?? new Date(0),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  const storage: Storage = {
    kind: 's3',
    location: `s3://${bucket}/${config.prefix}`,

    async put(key, body, options) {
      checkKey(key);
      await putStream(key, toReadable(body), options?.contentType);
      return statKey(key);
    },

    async get(key, range): Promise<StorageRead> {
      const header =
        range === undefined
          ? undefined
          : 'suffix' in range
            ? `bytes=-${range.suffix}`
            : `bytes=${range.start}-${range.end ?? ''}`;
      if (range && 'suffix' in range && range.suffix <= 0) throw new StorageRangeError(key, -1);
      if (range && !('suffix' in range) && range.end !== undefined && range.end < range.start) {
        throw new StorageRangeError(key, -1);
      }
      const answer = await client
        .send(new GetObjectCommand({ Bucket: bucket, Key: full(key), Range: header }))
        .catch(async (error: unknown) => {
          if (statusOf(error) === 416) throw new StorageRangeError(key, (await statKey(key)).size);
          return notFoundOr(key)(error);
        });
      const length = answer.ContentLength ?? 0;
      // `bytes <start>-<end>/<size>` when a range was answered; a server may answer 200 with it all.
      const ranged = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const size = ranged ? Number(ranged[3]) : length;
      const start = ranged ? Number(ranged[1]) : 0;
      return {
        key,
        size,
        etag: answer.ETag ?? '""',
        modified: answer.LastModified ?? new Date(0),
        body: answer.Body as Readable,
        start,
        end: start + length - 1,
      };
    },

    async read(key) {
      const answer = await client
        .send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }))
        .catch(notFoundOr(key));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },

    stat: statKey,

    exists: existsFrom(statKey),

    async list(prefix) {
      return listAll(checkPrefix(prefix));
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: full(key) }));
    },

    async deletePrefix(prefix) {
      if (checkPrefix(prefix) === '') throw new Error('deletePrefix needs a folder, not everything');
      const keys = (await listAll(prefix)).map((object) => object.key);
      for (let at = 0; at < keys.length; at += 1000) {
        const batch = keys.slice(at, at + 1000);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: full(key) })), Quiet: true },
          }),
        );
        if (answer.Errors?.length) {
          throw new Error(`deleting ${prefix}: ${answer.Errors.map((e) => `${e.Key} ${e.Code}`).join(', ')}`);
        }
      }
      return keys.length;
    },

    async copy(from, to) {
      await client
        .send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: full(to),
            CopySource: `${bucket}/${full(from).split('/').map(encodeURIComponent).join('/')}`,
          }),
        )
        .catch(notFoundOr(from));
      return statKey(to);
    },

    async publishFolder(folder, prefix, last) {
      checkPrefix(prefix);
      const files = (await localStorage(folder).list('')).map((file) => file.key);
      const first = files.filter((file) => file !== last);
      for (let at = 0; at < first.length; at += FILES_IN_FLIGHT) {
        await Promise.all(
          first
            .slice(at, at + FILES_IN_FLIGHT)
            .map((file) =>
              putStream(`${prefix}${file}`, createReadStream(path.join(folder, file)), undefined),
            ),
        );
      }
      if (files.includes(last)) {
        await putStream(`${prefix}${last}`, createReadStream(path.join(folder, last)), undefined);
      }
      await rm(folder, { recursive: true, force: true });
      return files.length;
    },

    async download(key, file) {
      const read = await storage.get(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(read.body, createWriteStream(file));
    },

    localPath: () => undefined,

    async close() {
      client.destroy();
    },
  };
  return storage;
}
