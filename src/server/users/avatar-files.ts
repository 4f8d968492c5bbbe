import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { MAX_AVATAR_BYTES } from '../../shared/users';
import { avatarKey, type Storage } from '../core/storage';
import { invalidFields, notFound } from '../errors';

/**
 * Uploaded profile pictures. The upload is judged by its content (sharp reads the image), never by its
 * name or declared type, and only a re-encoded 256×256 WebP is kept, so nothing the viewer sent (EXIF,
 * scripts in SVG, polyglots) is ever served back. Kept in the storage (DATA_DIR or the bucket).
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const SIZE = 256;
/** Refuses decompression bombs before decoding: 40 megapixels is beyond any phone camera. */
const MAX_INPUT_PIXELS = 40_000_000;

export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;

async function reencode(input: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS };
  const { format } = await sharp(input, options).metadata();
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'}`);
  return sharp(input, options).rotate().resize(SIZE, SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
}

/** Checks, re-encodes and stores an upload; returns the stored file's name. 422 on `avatar` if bad. */
export async function storeAvatar(storage: Storage, file: File): Promise<string> {
  if (file.size > MAX_AVATAR_BYTES) throw invalidFields({ avatar: 'avatar_too_large' });
  const image = await reencode(Buffer.from(await file.arrayBuffer())).catch(() => {
    throw invalidFields({ avatar: 'avatar_invalid' });
  });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await storage.put(avatarKey(name), image, { contentType: 'image/webp' });
  return name;
}

export async function removeAvatar(storage: Storage, name: string | null): Promise<void> {
  if (name && AVATAR_FILE_PATTERN.test(name)) await storage.delete(avatarKey(name));
}

export async function readAvatar(storage: Storage, name: string): Promise<Buffer> {
  if (!AVATAR_FILE_PATTERN.test(name)) throw notFound();
  return storage.read(avatarKey(name)).catch(() => {
    throw notFound();
  });
}
