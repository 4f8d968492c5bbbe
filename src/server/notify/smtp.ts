import nodemailer from 'nodemailer';
import type { Transport } from './transport';

/** E-mail through any SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpMail(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send({ to, subject, text, attachments = [] }) {
      await transporter.sendMail({ from, to, subject, text, attachments });
    },
  };
}
