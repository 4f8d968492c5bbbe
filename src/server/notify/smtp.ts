import nodemailer from 'nodemailer';
import type { Transport } from './transport';

/**
 * Bounds on a mail server that hangs (nodemailer waits up to 2 and 10 minutes by default): an attempt
 * ends within the notice queue's lease (queue.ts), and a code's request within a visitor's patience.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** E-mail through any SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpMail(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport({ url, ...TIMEOUTS });
  return {
    name: 'smtp',
    async send({ to, subject, text, attachments = [] }) {
      await transporter.sendMail({ from, to, subject, text, attachments });
    },
  };
}
