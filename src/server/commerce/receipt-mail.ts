import { and, eq } from 'drizzle-orm';
import { localPath } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import { absoluteUrl } from '../core/public-url';
import type { DbTransaction } from '../db/client';
import { payments, users } from '../db/schema';
import { queueNotices, type NoticeComposer } from '../notify';
import type { PaymentRow } from './payment-records';
import { receiptPdf } from './receipt-pdf';
import { receiptOf } from './receipts';

/** The receipt page of a payment, where its buyer opens it (logged in), in the language they paid in. */
export function receiptPath(payment: Pick<PaymentRow, 'id' | 'locale'>): string {
  return localPath(`/account/purchases/${payment.id}/receipt`, payment.locale);
}

/**
 * The payment e-mail (decision records 0042, 0049): once a payment is fulfilled, a buyer with an e-mail
 * address gets its receipt as a PDF and a link to the receipt page, in the language they paid in. It is
 * queued in the fulfilment's own transaction, so it exists exactly when the sale does, and sent by the
 * notice queue after the commit: a slow or refusing mail server neither slows nor fails the payment,
 * and a refusal is tried again. A buyer with only a phone gets nothing here (an SMS cannot carry a
 * receipt; the purchases page has it).
 */
export async function queueReceiptMail(tx: DbTransaction, payment: PaymentRow, now: Date): Promise<void> {
  const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId));
  if (!buyer?.email) return;
  await queueNotices(tx, [{ kind: 'receipt_mail', refId: payment.id, userId: payment.userId, dueAt: now }]);
}

/** The queued receipt e-mail as it goes, to the buyer's address as it is then (none: dropped). */
export const receiptNotice: NoticeComposer = async (ctx, { refId, userId }) => {
  const [row] = await ctx.database.db
    .select({ payment: payments, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, refId), eq(payments.userId, userId)));
  if (!row?.email) return null;
  const { payment } = row;
  const receipt = await receiptOf(ctx, payment.id, payment.userId);
  const params = {
    id: payment.id,
    amount: formatMoney(payment.total, payment.currency, payment.locale),
    url: absoluteUrl(ctx.config, receiptPath(payment)),
  };
  return {
    to: row.email,
    locale: payment.locale,
    subject: { key: 'receipt_mail_subject', params },
    text: { key: 'receipt_mail_text', params },
    attachments: [
      {
        filename: `receipt-${payment.id}.pdf`,
        contentType: 'application/pdf',
        content: await receiptPdf(receipt, payment.locale),
      },
    ],
  };
};
