import { eq } from 'drizzle-orm';
import { localPath } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import type { AppContext } from '../context';
import { log } from '../core/log';
import { absoluteUrl } from '../core/public-url';
import { users } from '../db/schema';
import type { PaymentRow } from './payment-records';
import { receiptPdf } from './receipt-pdf';
import { receiptOf } from './receipts';

/** The receipt page of a payment, where its buyer opens it (logged in), in the language they paid in. */
export function receiptPath(payment: Pick<PaymentRow, 'id' | 'locale'>): string {
  return localPath(`/account/purchases/${payment.id}/receipt`, payment.locale);
}

/**
 * The payment e-mail (decision record 0042): once a payment is fulfilled, a buyer with an e-mail address
 * gets its receipt as a PDF and a link to the receipt page, in the language they paid in. A buyer with
 * only a phone gets nothing here (an SMS cannot carry a receipt; the purchases page has it). Best effort
 * after the payment committed: false, and a log line, when it could not be made or sent; never throws.
 */
export async function mailReceipt(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  try {
    const [buyer] = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (!buyer?.email) return false;
    const receipt = await receiptOf(ctx, payment.id, payment.userId);
    const params = {
      id: payment.id,
      amount: formatMoney(payment.total, payment.currency, payment.locale),
      url: absoluteUrl(ctx.config, receiptPath(payment)),
    };
    const pdf = await receiptPdf(receipt, payment.locale);
    return await ctx.notifier.sendNotice(
      buyer.email,
      {
        subject: { key: 'receipt_mail_subject', params },
        text: { key: 'receipt_mail_text', params },
        attachments: [
          { filename: `receipt-${payment.id}.pdf`, contentType: 'application/pdf', content: pdf },
        ],
      },
      payment.locale,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(
      { paymentId: payment.id, reason },
      `payment ${payment.id}: the receipt e-mail failed: ${reason}`,
    );
    return false;
  }
}
