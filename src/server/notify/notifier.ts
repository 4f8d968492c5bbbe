import type { Config } from '../config';
import { translate, type Message } from '../../shared/messages';
import type { Locale } from '../../lib/locale';
import { isEmailUserName } from '../../lib/user-name';
import { siteConfig } from '../core/site-config';
import { DomainError } from '../errors';
import { kavenegarSms } from './kavenegar';
import { outbox } from './outbox';
import { smtpMail } from './smtp';
import { log } from '../core/log';
import { codesSent } from '../core/metrics';
import type { Attachment, Channel, Delivery, Transport } from './transport';

export interface Notifier {
  /** Sends a verification code by SMS (phone user names) or e-mail; 503 when the provider fails. */
  sendCode(to: string, code: string, locale: Locale): Promise<void>;
  /**
   * Tells someone what happened (a charge, a failure); `brand` is added to both messages' parameters.
   * False when it could not be delivered (logged): a notice never fails what it reports. Attachments
   * go with an e-mail only.
   */
  sendNotice(
    to: string,
    notice: { subject: Message; text: Message; attachments?: Attachment[] },
    locale: Locale,
  ): Promise<boolean>;
}

export function codeDelivery(to: string, code: string, locale: Locale): Delivery {
  const params = { brand: siteConfig.brand[locale], code };
  return {
    channel: isEmailUserName(to) ? 'email' : 'sms',
    to,
    subject: translate({ key: 'code_mail_subject', params }, locale),
    text: translate({ key: 'code_message', params }, locale),
    code,
  };
}

/** The configured provider of each channel, or the outbox file when none is configured. */
export function createNotifier(config: Config): Notifier {
  const fallback = outbox(config.outboxFile, { echo: config.mode !== 'production' });
  const transports: Record<Channel, Transport> = {
    sms: config.kavenegar ? kavenegarSms(config.kavenegar) : fallback,
    email: config.smtpUrl ? smtpMail(config.smtpUrl, config.mailFrom) : fallback,
  };
  async function deliver(delivery: Delivery): Promise<boolean> {
    const transport = transports[delivery.channel];
    const count = (outcome: 'sent' | 'failed') => {
      if (delivery.code) codesSent.inc({ channel: delivery.channel, transport: transport.name, outcome });
    };
    try {
      await transport.send(delivery);
      count('sent');
      return true;
    } catch (error) {
      // The provider's own message only: the request (with the code and key) stays out of the log.
      const reason = error instanceof Error ? error.message : String(error);
      count('failed');
      log.error(
        { transport: transport.name, channel: delivery.channel, reason },
        `${transport.name} could not deliver a ${delivery.channel}: ${reason}`,
      );
      return false;
    }
  }
  return {
    async sendCode(to, code, locale) {
      if (!(await deliver(codeDelivery(to, code, locale)))) {
        throw new DomainError('unavailable', 'code_send_failed');
      }
    },
    sendNotice(to, { subject, text, attachments }, locale) {
      const withBrand = (message: Message) => ({
        ...message,
        params: { brand: siteConfig.brand[locale], ...message.params },
      });
      return deliver({
        channel: isEmailUserName(to) ? 'email' : 'sms',
        to,
        subject: translate(withBrand(subject), locale),
        text: translate(withBrand(text), locale),
        code: '',
        ...(attachments && isEmailUserName(to) ? { attachments } : {}),
      });
    },
  };
}
