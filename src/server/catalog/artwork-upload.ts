import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ARTWORK_UPLOAD_TYPES, MAX_ARTWORK_UPLOAD_BYTES } from '../../shared/staff-catalogue-constants';
import type { AppContext } from '../context';
import { products } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { mediaTypeOf, receiveUpload } from '../media';
import { recordAudit } from '../core/audit';
import { ARTWORK_CONTENT_TYPES, ARTWORK_SIZES, type ArtworkShape } from '../core/artwork';
import { artworkKey, artworkSourceKey } from '../core/storage';
import { announceCatalogueChange, catalogueChanged } from './changes';

/**
 * A poster or cover uploaded in the staff console (docs/decisions/0031). It is cropped to the shape's
 * ratio and written as every file the drawn artwork has (AVIF and WebP, each width), under a new
 * artwork key: artwork URLs are immutable (a year in every cache), so a new picture needs a new name.
 * The other shape's files move to the new key with it; where there are none, it is drawn as before.
 */

/** The stored artwork files of `key` (and shape), by name: `<key>-<shape>-<width>.<format>`. */
async function artworkFiles(ctx: AppContext, prefix: string): Promise<string[]> {
  const folder = artworkKey('');
  return (await ctx.storage.list(folder))
    .map((file) => file.key.slice(folder.length))
    .filter((name) => name.startsWith(prefix));
}

async function writeShape(ctx: AppContext, source: Buffer, key: string, shape: ArtworkShape) {
  const { widths, ratio } = ARTWORK_SIZES[shape];
  for (const width of widths) {
    const resized = sharp(source)
      .rotate()
      .resize({ width, height: Math.round(width * ratio), fit: 'cover' });
    const files: [string, Promise<Buffer>][] = [
      [`${key}-${shape}-${width}.avif`, resized.clone().avif({ quality: 55, effort: 2 }).toBuffer()],
      [`${key}-${shape}-${width}.webp`, resized.clone().webp({ quality: 80 }).toBuffer()],
    ];
    for (const [name, data] of files) {
      const format = name.endsWith('.avif') ? 'avif' : 'webp';
      await ctx.storage.put(artworkKey(name), await data, { contentType: ARTWORK_CONTENT_TYPES[format] });
    }
  }
}

/** The other shape's files of the old key, copied under the new one (uploaded or already drawn). */
async function carryOver(ctx: AppContext, from: string, to: string, shape: ArtworkShape) {
  const prefix = `${from}-${shape}-`;
  for (const name of await artworkFiles(ctx, prefix)) {
    await ctx.storage.copy(artworkKey(name), artworkKey(`${to}-${shape}-${name.slice(prefix.length)}`));
  }
}

/** PUT /staff/catalogue/titles/{id}/artwork/{shape}: the picture is the request body. */
export async function uploadArtwork(
  ctx: AppContext,
  actorId: number,
  upload: {
    productId: number;
    shape: ArtworkShape;
    contentType: string | undefined;
    contentLength: string | undefined;
    body: ReadableStream<Uint8Array> | null;
  },
): Promise<void> {
  if (!(ARTWORK_UPLOAD_TYPES as readonly string[]).includes(mediaTypeOf(upload.contentType))) {
    throw new DomainError('validation', 'upload_type_image');
  }
  const db = ctx.database.db;
  const [product] = await db
    .select({ id: products.id, slug: products.slug, artwork: products.artwork })
    .from(products)
    .where(eq(products.id, upload.productId));
  if (!product) throw notFound();
  const key = `${product.slug}-a${randomBytes(4).toString('hex')}`;
  const sourceKey = artworkSourceKey(key);
  await receiveUpload(ctx.storage, upload.body, upload.contentLength, sourceKey, MAX_ARTWORK_UPLOAD_BYTES);
  try {
    // At most MAX_ARTWORK_UPLOAD_BYTES: sharp decodes it from memory.
    const source = await ctx.storage.read(sourceKey);
    const readable = await sharp(source)
      .metadata()
      .then(
        (meta) => Boolean(meta.width && meta.height),
        () => false,
      );
    if (!readable) throw new DomainError('validation', 'artwork_unreadable');
    await writeShape(ctx, source, key, upload.shape);
    await carryOver(ctx, product.artwork, key, upload.shape === 'poster' ? 'cover' : 'poster');
  } catch (error) {
    const written = await artworkFiles(ctx, `${key}-`);
    await Promise.all(written.map((name) => ctx.storage.delete(artworkKey(name))));
    throw error;
  } finally {
    await ctx.storage.delete(sourceKey);
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ artwork: products.artwork })
      .from(products)
      .where(eq(products.id, product.id))
      .for('update');
    if (!before) throw notFound();
    await tx.update(products).set({ artwork: key }).where(eq(products.id, product.id));
    await recordAudit(tx, {
      actorId,
      action: 'title.artwork',
      targetType: 'title',
      targetId: String(product.id),
      before: { artwork: before.artwork },
      after: { artwork: key, shape: upload.shape },
    });
    await announceCatalogueChange(tx);
  });
  catalogueChanged(ctx);
}
