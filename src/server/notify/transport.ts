/**
 * What a transport is and what it carries: the notifier picks one per channel, each provider
 * (kavenegar.ts, smtp.ts, outbox.ts) implements it. Its own module so that the providers need not
 * import the notifier that imports them (issue 26: no import circles).
 */

export type Channel = 'sms' | 'email';

/** A file sent with an e-mail (a receipt's PDF); SMS carries none. */
export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One message to one person, already in their language. */
export interface Delivery {
  channel: Channel;
  /** +989xxxxxxxxx for SMS, an address for e-mail. */
  to: string;
  subject: string;
  text: string;
  /**
   * The one-time code inside `text`, for providers that send only the code (SMS templates); empty
   * for a notice, which such providers cannot send.
   */
  code: string;
  /** E-mail only. */
  attachments?: Attachment[];
}

/** Something that delivers messages of one channel; throws when the provider refuses. */
export interface Transport {
  /** Short name for the server log. */
  name: string;
  send(delivery: Delivery): Promise<void>;
}
