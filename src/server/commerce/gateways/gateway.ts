import type { Currency, GatewayRedirect, GatewayType } from '../../../shared/commerce';
import type { Localized } from '../../../shared/locale';

/** What one payment gateway must do for the orchestration (src/server/commerce/payments.ts). */
export interface GatewayAdapter {
  type: GatewayType;
  title: Localized;
  currencies: readonly Currency[];
  /** Opens a session at the gateway; its reference is how the callback names the payment. */
  request(input: GatewayRequest): Promise<{ ref: string; redirect: GatewayRedirect }>;
  /** The gateway's session reference and its own verdict from the callback's parameters. */
  parseCallback(params: Record<string, string>): { ref: string; ok: boolean } | null;
  /**
   * Asks the gateway whether the money arrived, comparing the amount; repeated calls answer the same
   * (the gateways' "already verified" is `paid` here).
   */
  verify(input: { ref: string; amount: number; currency: Currency }): Promise<VerifyOutcome>;
}

export interface GatewayRequest {
  paymentId: number;
  amount: number;
  currency: Currency;
  description: string;
  callbackUrl: string;
  mobile: string | null;
  email: string | null;
}

export type VerifyOutcome =
  | { outcome: 'paid'; trace: string; card: string | null }
  /** The payer did not pay (cancelled, declined, or not yet). */
  | { outcome: 'unpaid' }
  /** The gateway holds another amount for this session: never fulfilled. */
  | { outcome: 'mismatch' }
  /** The gateway could not answer now: ask again later. */
  | { outcome: 'error'; message: string };

/** The gateway did not accept a request (its answer or the network); the viewer may try again. */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}
