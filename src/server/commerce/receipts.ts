import { and, asc, eq } from 'drizzle-orm';
import { VAT_PERCENT } from '../../shared/commerce';
import type { Receipt, ReceiptCompany, ReceiptLine } from '../../shared/receipts';
import type { CompanyConfig } from '../config';
import type { AppContext } from '../context';
import { siteConfig } from '../core/site-config';
import { discountCodes, paymentEvents, payments, users } from '../db/schema';
import { notFound } from '../errors';
import { t } from '../../i18n';
import type { PaymentRow } from './payment-records';

/**
 * Receipts (issue 27, decision record 0042): one per paid payment, made from the payment row as it was
 * booked (price, discount, VAT, total and their parts are the payment's own columns, never recomputed)
 * and the lines its product kind describes. Only a fulfilled payment is paid: one that was credited or
 * reversed never became a sale, and one still pending or failed took no money.
 */

function companyOf(company: CompanyConfig): ReceiptCompany {
  return {
    name: company.name ?? siteConfig.brand,
    address: company.address ?? null,
    national_id: company.nationalId ?? null,
    economic_code: company.economicCode ?? null,
    vat_number: company.vatNumber ?? null,
    phone: company.phone ?? null,
  };
}

/** What a wallet top-up sells: no product kind describes it, commerce does. */
function walletLines(payment: PaymentRow): ReceiptLine[] {
  const title = { fa: t('fa', 'commerce.receipt.walletLine'), en: t('en', 'commerce.receipt.walletLine') };
  return [{ title, detail: null, quantity: 1, unit_price: payment.price, amount: payment.price }];
}

/**
 * The receipt of payment `id`. `buyerId` set (the viewer's own receipts): anyone else's payment is 404
 * as one that does not exist; null (finance staff): any payment. 404 receipt_not_paid when not paid.
 */
export async function receiptOf(ctx: AppContext, id: number, buyerId: number | null): Promise<Receipt> {
  const { db } = ctx.database;
  const [row] = await db
    .select({ payment: payments, code: discountCodes.code, buyer: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(discountCodes, eq(discountCodes.id, payments.discountCodeId))
    .where(and(eq(payments.id, id), buyerId === null ? undefined : eq(payments.userId, buyerId)));
  if (!row) throw notFound('not_found');
  const { payment, buyer } = row;
  if (payment.status !== 'fulfilled') throw notFound('receipt_not_paid');
  const [paid] = await db
    .select({ at: paymentEvents.at })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, id), eq(paymentEvents.toStatus, 'fulfilled')))
    .orderBy(asc(paymentEvents.id))
    .limit(1);
  const kind = ctx.kinds.of(payment.type);
  const lines = kind ? await kind.describe(db, payment) : walletLines(payment);
  const described = lines.reduce((sum, line) => sum + line.amount, 0);
  if (described !== payment.price) {
    // A kind describing something other than what was charged is a bug: no receipt rather than a wrong one.
    throw new Error(
      `receipt ${id}: the lines add up to ${described}, the payment's price is ${payment.price}`,
    );
  }
  return {
    id: payment.id,
    type: payment.type,
    currency: payment.currency,
    paid_at: (paid?.at ?? payment.updatedAt).toISOString(),
    company: companyOf(ctx.config.company),
    buyer: { name: buyer.name, phone: buyer.phone, email: buyer.email },
    lines,
    price: payment.price,
    discount: payment.discount,
    discount_code: row.code,
    vat: payment.vat,
    // A wallet top-up sells nothing yet, so it carries no VAT (commerce/money.ts priceLines).
    vat_percent: kind ? VAT_PERCENT : 0,
    total: payment.total,
    wallet_part: payment.walletPart,
    gateway_part: payment.gatewayPart,
    gateway: payment.gateway,
    reference: payment.gatewayTrace,
    card: payment.cardPan,
  };
}
