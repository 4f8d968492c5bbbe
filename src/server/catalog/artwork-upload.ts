import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ARTWORK_UPLOAD_TYPES, MAX_ARTWORK_UPLOAD_BYTES } from '../../shared/staff-catalogue-constants';
import type { AppContext } from '../context';
import { products } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { mediaTypeOf, receiveUpload } from '../media';
import { recordAudit } from '../core/audit';
import { ARTWORK_SIZES, type ArtworkShape } from '../core/artwork';
import { announceCatalogueChange, catalogueChanged } from './changes';

/**
 * A poster or cover uploaded in the staff console (docs/decisions/0031). It is cropped to the shape's
 * ratio and written as every file the drawn artwork has (AVIF and WebP, each width), under a new
 * artwork key: artwork URLs are immutable (a year in every cache), so a new picture needs a new name.
 * The other shape's files move to the new key with it; where there are none, it is drawn as before.
 */

const artworkDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'media', 'artwork');

async function writeShape(ctx: AppContext, source: string, key: string, shape: ArtworkShape) {
  const { widths, ratio } = ARTWORK_SIZES[shape];
  for (const width of widths) {
    const resized = sharp(source)
      .rotate()
      .resize({ width, height: Math.round(width * ratio), fit: 'cover' });
    const files: [string, Promise<Buffer>][] = [
      [`${key}-${shape}-${width}.avif`, resized.clone().avif({ quality: 55, effort: 2 }).toBuffer()],
      [`${key}-${shape}-${width}.webp`, resized.clone().webp({ quality: 80 }).toBuffer()],
    ];
    for (const [name, data] of files) await writeFile(path.join(artworkDir(ctx), name), await data);
  }
}

/** The other shape's files of the old key, copied under the new one (uploaded or already drawn). */
async function carryOver(ctx: AppContext, from: string, to: string, shape: ArtworkShape) {
  const prefix = `${from}-${shape}-`;
  const names = (await readdir(artworkDir(ctx))).filter((name) => name.startsWith(prefix));
  for (const name of names) {
    await copyFile(
      path.join(artworkDir(ctx), name),
      path.join(artworkDir(ctx), `${to}-${shape}-${name.slice(prefix.length)}`),
    );
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
  const source = path.join(ctx.config.dataDir, 'uploads', 'artwork', `${key}.source`);
  await receiveUpload(upload.body, upload.contentLength, source, MAX_ARTWORK_UPLOAD_BYTES);
  try {
    await mkdir(artworkDir(ctx), { recursive: true });
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
    const written = (await readdir(artworkDir(ctx))).filter((name) => name.startsWith(`${key}-`));
    await Promise.all(written.map((name) => rm(path.join(artworkDir(ctx), name), { force: true })));
    throw error;
  } finally {
    await rm(source, { force: true });
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
