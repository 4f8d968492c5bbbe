import { GatewayError } from './gateway';
import { gatewayHttp } from './http';

/**
 * Zarinpal Payman, monthly direct debit (../shared/payments/GATEWAYS.md §1b): a contract request with
 * the payer's mobile and our limits → the bank's signing page StartPayman/{payman_authority}/{bank}
 * → the browser back with ?payman_authority&status=OK|NOK → verify.json hands the signature; each
 * charge is a normal payment request.json (the authority) then checkout.json with the signature;
 * cancelContract.json ends it. Unconfirmed details and what we assumed:
 * docs/decisions/0024-direct-debit.md.
 */

export interface PaymanOptions {
  merchantId: string;
  /** e.g. https://api.zarinpal.com (its /pg/v4/payman/ API and /pg/StartPayman/ page). */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export interface PaymanBank {
  name: string;
  slug: string;
  bankCode: string;
  /** The bank's own caps, in rials; null count: unlimited. */
  maxDailyAmount: number;
  maxDailyCount: number | null;
}

export interface ContractTerms {
  /** 09xxxxxxxxx: the number registered with the payer's bank. */
  mobile: string;
  expiresAt: Date;
  maxDailyCount: number;
  maxMonthlyCount: number;
  /** Per transaction, in rials. */
  maxAmount: number;
  callbackUrl: string;
}

export type CheckoutOutcome =
  | { outcome: 'paid'; trace: string; amount: number }
  /** The bank refused this charge (limits, balance, contract no longer valid). */
  | { outcome: 'refused'; code: number | undefined }
  /** No answer: the charge may or may not have happened. */
  | { outcome: 'error'; message: string };

export interface PaymanAdapter {
  banks(): Promise<PaymanBank[]>;
  /** The contract's payman_authority; throws GatewayError when refused or unanswered. */
  requestContract(terms: ContractTerms): Promise<string>;
  signingUrl(authority: string, bankCode: string): string;
  parseCallback(params: Record<string, string>): { authority: string; ok: boolean } | null;
  /** The signature once the payer signed, null when they did not; throws when Zarinpal does not answer. */
  signature(authority: string): Promise<string | null>;
  /** Charges a normal payment's authority under the contract. */
  checkout(authority: string, signature: string): Promise<CheckoutOutcome>;
  /** True when cancelled (or already). */
  cancel(signature: string): Promise<boolean>;
}

interface PaymanAnswer {
  data?: Record<string, unknown> | unknown[];
  errors?: { code?: number; message?: string } | unknown[];
}

const dataOf = (answer: PaymanAnswer): Record<string, unknown> =>
  answer.data && !Array.isArray(answer.data) ? answer.data : {};

const codeOf = (answer: PaymanAnswer): number | undefined => {
  const code = dataOf(answer)['code'];
  if (typeof code === 'number') return code;
  return answer.errors && !Array.isArray(answer.errors) ? answer.errors.code : undefined;
};

/** Payman's dates: `YYYY-MM-DD HH:MM:SS`, taken here in UTC (the zone is unconfirmed). */
const paymanDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

export function paymanAdapter(options: PaymanOptions): PaymanAdapter {
  const http = gatewayHttp({ gateway: 'payman', fetch: options.fetch, timeoutMs: options.timeoutMs });
  const api = `${options.baseUrl}/pg/v4/payman/`;

  async function call(
    operation: string,
    url: string,
    body: Record<string, unknown> | null,
    retries: number,
  ): Promise<PaymanAnswer> {
    const init: RequestInit = body
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ merchant_id: options.merchantId, ...body }),
        }
      : { method: 'GET', headers: { accept: 'application/json' } };
    const answer = await http(operation, url, init, { retries });
    if (!answer.json || typeof answer.json !== 'object') {
      throw new GatewayError(`payman ${operation}: HTTP ${answer.status}, not JSON`);
    }
    return answer.json as PaymanAnswer;
  }

  return {
    async banks() {
      const answer = await call('banksList', `${api}banksList.json`, null, 1);
      const banks = dataOf(answer)['banks'];
      if (codeOf(answer) !== 100 || !Array.isArray(banks)) {
        throw new GatewayError(`payman banksList: code ${codeOf(answer)}`);
      }
      return (banks as Record<string, unknown>[]).map((bank) => ({
        name: String(bank['name']),
        slug: String(bank['slug']),
        bankCode: String(bank['bank_code']),
        maxDailyAmount: Number(bank['max_daily_amount']),
        maxDailyCount: typeof bank['max_daily_count'] === 'number' ? bank['max_daily_count'] : null,
      }));
    },
    async requestContract(terms) {
      // Never repeated: a repeat would open a second contract.
      const answer = await call(
        'request',
        `${api}request.json`,
        {
          mobile: terms.mobile,
          expire_at: paymanDate(terms.expiresAt),
          max_daily_count: String(terms.maxDailyCount),
          max_monthly_count: String(terms.maxMonthlyCount),
          max_amount: String(terms.maxAmount),
          callback_url: terms.callbackUrl,
        },
        0,
      );
      const authority = dataOf(answer)['payman_authority'];
      if (codeOf(answer) !== 100 || typeof authority !== 'string' || !authority) {
        throw new GatewayError(`payman request refused: code ${codeOf(answer)}`);
      }
      return authority;
    },
    signingUrl: (authority, bankCode) =>
      `${options.baseUrl}/pg/StartPayman/${encodeURIComponent(authority)}/${encodeURIComponent(bankCode)}`,
    parseCallback(params) {
      const authority = params['payman_authority'];
      // The page's text says `Status`, its example `status`: either is read.
      const status = params['status'] ?? params['Status'];
      return authority ? { authority, ok: status === 'OK' } : null;
    },
    async signature(authority) {
      const answer = await call('verify', `${api}verify.json`, { payman_authority: authority }, 1);
      const signature = dataOf(answer)['signature'];
      if (codeOf(answer) === 100 && typeof signature === 'string' && signature) return signature;
      if (answer.errors && !Array.isArray(answer.errors)) return null;
      throw new GatewayError(`payman verify: code ${codeOf(answer)}`);
    },
    async checkout(authority, signature) {
      try {
        // Not repeated on no answer: whether a repeat charges again is unconfirmed.
        const answer = await call('checkout', `${api}checkout.json`, { authority, signature }, 0);
        const data = dataOf(answer);
        const code = codeOf(answer);
        if ((code === 100 || code === 101) && data['refrence_id'] !== undefined) {
          return { outcome: 'paid', trace: String(data['refrence_id']), amount: Number(data['amount']) };
        }
        return { outcome: 'refused', code };
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
    async cancel(signature) {
      const answer = await call('cancelContract', `${api}cancelContract.json`, { signature }, 1);
      return codeOf(answer) === 100 || codeOf(answer) === 101;
    },
  };
}
