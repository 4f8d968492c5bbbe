import type { ContactSubmission } from '../../shared/contact';
import type { Locale } from '../../lib/locale';
import type { MessageKey } from '../../shared/messages';
import type { AppContext } from '../context';
import { contactMessages } from '../db/schema';
import { invalidFields } from '../errors';
import { solveCaptcha } from './captcha';
import { defineRateLimit } from './rate-limit';

/** Enough for a visitor correcting a form a few times; too few for a spam run. */
export const contactRateLimit = defineRateLimit({ name: 'contact', limit: 10, windowSeconds: 10 * 60 });

export interface ContactOrigin {
  locale: Locale;
  clientAddress: string;
}

/** Stores a validated contact message once its captcha is solved; a wrong captcha is a 422 on it. */
export async function submitContactMessage(
  ctx: AppContext,
  form: ContactSubmission,
  origin: ContactOrigin,
): Promise<MessageKey> {
  if (!(await solveCaptcha(ctx, form.captcha_key, form.captcha))) {
    throw invalidFields({ captcha: 'captcha_invalid' });
  }
  const fullName = form.full_name || `${form.first_name ?? ''} ${form.last_name ?? ''}`.trim();
  await ctx.database.db.insert(contactMessages).values({
    fullName,
    firstName: form.first_name || null,
    lastName: form.last_name || null,
    phone: form.phone,
    email: form.email,
    subject: form.subject,
    message: form.message,
    locale: origin.locale,
    clientAddress: origin.clientAddress,
    createdAt: ctx.clock.now(),
  });
  return 'contact_received';
}
