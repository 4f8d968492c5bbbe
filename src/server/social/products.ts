import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { notFound } from '../errors';

/** Throws the translated 404 for a product id nobody published. */
export async function requireProduct(db: Db, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw notFound('product_not_found');
}
