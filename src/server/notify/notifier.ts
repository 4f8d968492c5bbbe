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
  sendNotice(to: string, notice: Notice, locale: Locale): Promise<boolean>;
  /**
   * The same notice, handed to the provider once: throws the provider's refusal (not logged here), for
   * the notice queue (queue.ts), which retries it and logs the attempt.
   */
  send(to: string, notice: Notice, locale: Locale): Promise<void>;
}

/** A notice before it is put in the reader's language. */
export interface Notice {
  subject: Message;
  text: Message;
  attachments?: Attachment[];
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
  /** Hands one delivery to its channel's transport; throws what the provider refused. */
  async function attempt(delivery: Delivery): Promise<void> {
    const transport = transports[delivery.channel];
    const count = (outcome: 'sent' | 'failed') => {
      if (delivery.code) codesSent.inc({ channel: delivery.channel, transport: transport.name, outcome });
    };
    try {
      await transport.send(delivery);
      count('sent');
    } catch (error) {
      count('failed');
      // The provider's own message only: the request (with the code and key) stays out of the log.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${transport.name} could not deliver a ${delivery.channel}: ${reason}`, {
        cause: error,
      });
    }
  }
  async function deliver(delivery: Delivery): Promise<boolean> {
    try {
      await attempt(delivery);
      return true;
    } catch (error) {
      const reason = (error as Error).message;
      log.error({ transport: transports[delivery.channel].name, channel: delivery.channel, reason }, reason);
      return false;
    }
  }
  function noticeDelivery(to: string, { subject, text, attachments }: Notice, locale: Locale): Delivery {
    const withBrand = (message: Message) => ({
      ...message,
      params: { brand: siteConfig.brand[locale], ...message.params },
    });
    return {
      channel: isEmailUserName(to) ? 'email' : 'sms',
      to,
      subject: translate(withBrand(subject), locale),
      text: translate(withBrand(text), locale),
      code: '',
      ...(attachments && isEmailUserName(to) ? { attachments } : {}),
    };
  }
  return {
    async sendCode(to, code, locale) {
      if (!(await deliver(codeDelivery(to, code, locale)))) {
        throw new DomainError('unavailable', 'code_send_failed');
      }
    },
    sendNotice: (to, notice, locale) => deliver(noticeDelivery(to, notice, locale)),
    send: (to, notice, locale) => attempt(noticeDelivery(to, notice, locale)),
  };
}
