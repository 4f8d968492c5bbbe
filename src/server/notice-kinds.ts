import { receiptNotice } from './commerce/receipt-mail';
import type { NoticeComposers } from './notify';
import { reminderNotice } from './screenings/reminders';

/**
 * How each kind of queued notice is composed when it goes (notify/queue.ts), registered once as the
 * application context is composed: the notifier delivers them without knowing screenings or payments.
 */
export function registeredNoticeComposers(): NoticeComposers {
  return { screening_reminder: reminderNotice, receipt_mail: receiptNotice };
}
