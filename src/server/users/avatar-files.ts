import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_AVATAR_BYTES } from '../../shared/users';
import type { Config } from '../config';
import { invalidFields, notFound } from '../errors';

/**
 * Uploaded profile pictures. The upload is judged by its content (sharp reads the image), never by its
 * name or declared type, and only a re-encoded 256×256 WebP is kept, so nothing the viewer sent (EXIF,
 * scripts in SVG, polyglots) is ever served back.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const SIZE = 256;
/** Refuses decompression bombs before decoding: 40 megapixels is beyond any phone camera. */
const MAX_INPUT_PIXELS = 40_000_000;

export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;

function avatarsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads', 'avatars');
}

async function reencode(input: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS };
  const { format } = await sharp(input, options).metadata();
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'}`);
  return sharp(input, options).rotate().resize(SIZE, SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
}

/** Checks, re-encodes and stores an upload; returns the stored file's name. 422 on `avatar` if bad. */
export async function storeAvatar(config: Pick<Config, 'dataDir'>, file: File): Promise<string> {
  if (file.size > MAX_AVATAR_BYTES) throw invalidFields({ avatar: 'avatar_too_large' });
  const image = await reencode(Buffer.from(await file.arrayBuffer())).catch(() => {
    throw invalidFields({ avatar: 'avatar_invalid' });
  });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const dir = avatarsDir(config);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), image);
  return name;
}

export async function removeAvatar(config: Pick<Config, 'dataDir'>, name: string | null): Promise<void> {
  if (name && AVATAR_FILE_PATTERN.test(name)) await rm(path.join(avatarsDir(config), name), { force: true });
}

export async function readAvatar(config: Pick<Config, 'dataDir'>, name: string): Promise<Buffer> {
  if (!AVATAR_FILE_PATTERN.test(name)) throw notFound();
  return readFile(path.join(avatarsDir(config), name)).catch(() => {
    throw notFound();
  });
}
