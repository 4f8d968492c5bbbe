import type { Currency, GatewayRedirect, GatewayType } from '../../../shared/commerce';
import type { Localized } from '../../../lib/locale';

/**
 * What one payment gateway must do for the orchestration (src/server/commerce/payments.ts). Each
 * protocol's own fields (Mellat's SaleReferenceId, SEP's RefNum, Pasargad's urlId) travel in `data`:
 * what `request` and the callback hand back is kept on the payment and given to every later call,
 * so reconciliation can finish a payment after a restart.
 */
export interface GatewayAdapter {
  type: GatewayType;
  title: Localized;
  currencies: readonly Currency[];
  /**
   * Opens a session at the gateway; its reference is how the callback names the payment. Throws
   * GatewayError when the gateway refuses or does not answer.
   */
  request(input: GatewayRequest): Promise<GatewaySession>;
  /** The gateway's session reference, its own verdict and its fields, from the callback's parameters. */
  parseCallback(params: Record<string, string>): GatewayReturn | null;
  /**
   * Asks the gateway whether the money arrived, comparing the amount; repeated calls answer the same
   * (the gateways' "already verified" is `paid` here).
   */
  verify(input: GatewayCall): Promise<VerifyOutcome>;
  /**
   * The step after verify where the protocol has one (Mellat bpSettleRequest, Pasargad confirm): we
   * keep the money. Called once the payment is fulfilled; true when done or already done. Gateways
   * settle by themselves after a while when never asked, so a failure is only retried.
   */
  settle?(input: GatewayCall): Promise<boolean>;
  /**
   * Gives a verified payment's money back to the payer's card, where the protocol allows it (before
   * settling, within the gateway's window). `refused` is final (window passed, not allowed): the
   * orchestration then credits the wallet instead; `error` is asked again later.
   */
  reverse?(input: GatewayCall): Promise<'done' | 'refused' | 'error'>;
  /**
   * What became of one session at the gateway, asked after the fact (settlement, issue 27), where the
   * protocol has an inquiry that changes nothing. Throws GatewayError when the gateway does not answer.
   */
  inquire?(input: GatewayCall): Promise<GatewayInquiry>;
  /** Sessions the gateway took money for and nobody verified (Zarinpal's unVerified.json). */
  unverified?(): Promise<UnverifiedSession[]>;
}

export interface GatewayInquiry {
  /**
   * `settled`: the gateway keeps the money for us (verified, confirmed or settled); `held`: paid and
   * not verified (it goes back to the payer unless verified); `reversed`: given back; `unpaid`.
   */
  state: 'settled' | 'held' | 'reversed' | 'unpaid';
  /** The amount the gateway holds for the session, where its inquiry tells it. */
  amount: number | null;
  /** Its reference of the money, where its inquiry tells it. */
  trace: string | null;
}

export interface UnverifiedSession {
  ref: string;
  amount: number;
}

/** Protocol fields an adapter keeps on the payment between its calls (strings only). */
export type GatewayData = Record<string, string>;

export interface GatewayRequest {
  paymentId: number;
  amount: number;
  currency: Currency;
  description: string;
  /** Where the gateway returns the browser; adapters may add their own query parameters. */
  callbackUrl: string;
  mobile: string | null;
  email: string | null;
}

export interface GatewaySession {
  ref: string;
  redirect: GatewayRedirect;
  data?: GatewayData;
}

export interface GatewayReturn {
  ref: string;
  ok: boolean;
  /** The gateway said the card was refused (not that the payer cancelled), where its codes tell. */
  declined?: boolean;
  data?: GatewayData;
}

export interface GatewayCall {
  paymentId: number;
  ref: string;
  data: GatewayData;
  amount: number;
  currency: Currency;
}

export type VerifyOutcome =
  /** `trace` is the gateway's unique reference of the money: one trace is accepted once. */
  | { outcome: 'paid'; trace: string; card: string | null }
  /** The payer did not pay (cancelled, declined, or not yet); `declined` when the card was refused. */
  | { outcome: 'unpaid'; declined?: boolean }
  /** The gateway holds another amount for this session: never fulfilled. */
  | { outcome: 'mismatch' }
  /** The money came but the gateway already gave it back (we verified after its deadline). */
  | { outcome: 'lapsed' }
  /** The gateway could not answer now: ask again later. */
  | { outcome: 'error'; message: string };

/** The gateway did not accept a request (its answer or the network); the viewer may try again. */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}
