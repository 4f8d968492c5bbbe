import { eq } from 'drizzle-orm';
import type { Bilingual, ReceiptLine } from '../../shared/receipts';
import { products, subscriptionPackages } from '../db/schema';
import type { Tx } from './ledger';
import type { PaymentRow } from './payment-records';

/**
 * Receipt lines for the kinds that sell one thing for the whole price (a title, a package, a gift card):
 * their `describe` (decision record 0042) reads the product or package the payment points at, as the
 * purchase records' join does (payment-records.ts).
 */

/** One thing at the payment's whole price. */
export function wholeLine(
  payment: PaymentRow,
  title: Bilingual,
  detail: Bilingual | null = null,
): ReceiptLine {
  return { title, detail, quantity: 1, unit_price: payment.price, amount: payment.price };
}

/** The catalogue title (film, series, music, screening, festival) the payment bought. */
export async function productLine(db: Tx, payment: PaymentRow): Promise<ReceiptLine[]> {
  const [row] = await db
    .select({ fa: products.titleFa, en: products.titleEn })
    .from(products)
    .where(eq(products.id, payment.productId ?? 0));
  return row ? [wholeLine(payment, row)] : [];
}

/** The subscription package the payment bought (for the buyer, or as a gift card). */
export async function packageLine(db: Tx, payment: PaymentRow): Promise<ReceiptLine[]> {
  const [row] = await db
    .select({ fa: subscriptionPackages.titleFa, en: subscriptionPackages.titleEn })
    .from(subscriptionPackages)
    .where(eq(subscriptionPackages.id, payment.packageId ?? 0));
  return row ? [wholeLine(payment, row)] : [];
}
