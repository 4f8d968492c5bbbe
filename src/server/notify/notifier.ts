import type { Config } from '../config';
import { translate } from '../../shared/messages';
import type { Locale } from '../../lib/locale';
import { siteConfig } from '../core/site-config';
import { DomainError } from '../errors';
import { kavenegarSms } from './kavenegar';
import { outbox } from './outbox';
import { smtpMail } from './smtp';

export type Channel = 'sms' | 'email';

/** One message to one person, already in their language. */
export interface Delivery {
  channel: Channel;
  /** +989xxxxxxxxx for SMS, an address for e-mail. */
  to: string;
  subject: string;
  text: string;
  /** The one-time code inside `text`, for providers that send only the code (SMS templates). */
  code: string;
}

/** Something that delivers messages of one channel; throws when the provider refuses. */
export interface Transport {
  /** Short name for the server log. */
  name: string;
  send(delivery: Delivery): Promise<void>;
}

export interface Notifier {
  /** Sends a verification code by SMS (phone user names) or e-mail; 503 when the provider fails. */
  sendCode(to: string, code: string, locale: Locale): Promise<void>;
}

export function codeDelivery(to: string, code: string, locale: Locale): Delivery {
  const params = { brand: siteConfig.brand[locale], code };
  return {
    channel: to.includes('@') ? 'email' : 'sms',
    to,
    subject: translate({ key: 'code_mail_subject', params }, locale),
    text: translate({ key: 'code_message', params }, locale),
    code,
  };
}

/** The configured provider of each channel, or the outbox file when none is configured. */
export function createNotifier(config: Config): Notifier {
  const fallback = outbox(config.outboxFile);
  const transports: Record<Channel, Transport> = {
    sms: config.kavenegar ? kavenegarSms(config.kavenegar) : fallback,
    email: config.smtpUrl ? smtpMail(config.smtpUrl, config.mailFrom) : fallback,
  };
  return {
    async sendCode(to, code, locale) {
      const delivery = codeDelivery(to, code, locale);
      const transport = transports[delivery.channel];
      try {
        await transport.send(delivery);
      } catch (error) {
        // The provider's own message only: the request (with the code and key) stays out of the log.
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`[notify] ${transport.name} could not deliver a ${delivery.channel}: ${reason}`);
        throw new DomainError('unavailable', 'code_send_failed');
      }
    },
  };
}
