import type { Currency } from '../../../shared/commerce';
import type { Localized } from '../../../lib/locale';
import {
  GatewayError,
  type GatewayAdapter,
  type GatewayCall,
  type GatewayInquiry,
  type VerifyOutcome,
} from './gateway';
import { gatewayHttp } from './http';

/**
 * Zarinpal's v4 REST protocol (../shared/payments/GATEWAYS.md §1): request.json → StartPay/{authority}
 * → the browser comes back with ?Authority&Status=OK|NOK → verify.json with the amount (100 paid,
 * 101 already verified: both mean paid, with the same ref_id); reverse.json within 30 minutes. The
 * sandbox bank speaks request and verify too, so this adapter runs on every demo purchase.
 */
export interface ZarinpalOptions {
  type: 'zarinpal' | 'sandbox';
  title: Localized;
  currencies: readonly Currency[];
  merchantId: string;
  /** e.g. https://payment.zarinpal.com/pg/v4/payment/ (with the trailing slash). */
  apiBase: string;
  /** e.g. https://payment.zarinpal.com/pg/StartPay/ */
  startPayBase: string;
  fetch: typeof fetch;
  /** Network deadline of one call. */
  timeoutMs?: number;
  /** Whether the server also speaks inquiry.json and reverse.json (the sandbox bank does not). */
  reversible: boolean;
}

interface ZarinpalAnswer {
  data?:
    { code?: number; authority?: string; ref_id?: number; card_pan?: string; status?: string } | unknown[];
  errors?: { code?: number; message?: string } | unknown[];
}

const AUTHORITY = /^[AS][0-9a-zA-Z]{35}$/;

/** inquiry.json's statuses: VERIFIED is ours; PAID waits for our verify; IN_BANK and FAILED took nothing. */
const inquiryStates: Record<string, GatewayInquiry['state']> = {
  VERIFIED: 'settled',
  PAID: 'held',
  REVERSED: 'reversed',
};

const dataOf = (answer: ZarinpalAnswer) =>
  answer.data && !Array.isArray(answer.data) ? answer.data : undefined;

const codeOf = (answer: ZarinpalAnswer): number | undefined => {
  const data = dataOf(answer);
  if (data?.code !== undefined) return data.code;
  if (answer.errors && !Array.isArray(answer.errors)) return answer.errors.code;
  return undefined;
};

export function zarinpalAdapter(options: ZarinpalOptions): GatewayAdapter {
  const http = gatewayHttp({
    gateway: options.type,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  /** Every call but request.json answers a repeat the same, so only those are retried. */
  async function call(endpoint: string, body: Record<string, unknown>): Promise<ZarinpalAnswer> {
    const answer = await http(
      endpoint,
      `${options.apiBase}${endpoint}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ merchant_id: options.merchantId, ...body }),
      },
      { retries: endpoint === 'request.json' ? 0 : 1 },
    );
    if (answer.json === undefined || answer.json === null || typeof answer.json !== 'object') {
      throw new GatewayError(`${options.type} ${endpoint}: HTTP ${answer.status}, not JSON`);
    }
    return answer.json as ZarinpalAnswer;
  }

  /** inquiry.json's status of a session: VERIFIED, PAID, IN_BANK, FAILED or REVERSED. */
  async function inquiry(authority: string): Promise<string | undefined> {
    return dataOf(await call('inquiry.json', { authority }))?.status;
  }

  async function reverse(input: GatewayCall): Promise<'done' | 'refused' | 'error'> {
    try {
      const code = codeOf(await call('reverse.json', { authority: input.ref }));
      if (code === 100) return 'done';
      // -61: not in a successful state, which includes "already reversed".
      if (code === -61) return (await inquiry(input.ref)) === 'REVERSED' ? 'done' : 'refused';
      // -60 the bank refused, -62 our server's address is not registered, -63 the 30 minutes passed.
      if (code === -60 || code === -62 || code === -63) return 'refused';
      return 'error';
    } catch {
      return 'error';
    }
  }

  const adapter: GatewayAdapter = {
    type: options.type,
    title: options.title,
    currencies: options.currencies,
    async request(input) {
      const answer = await call('request.json', {
        amount: input.amount,
        // Rials unless told otherwise; only the sandbox takes dollars (in cents).
        ...(input.currency === 'IRR' ? {} : { currency: input.currency }),
        description: input.description,
        callback_url: input.callbackUrl,
        metadata: {
          order_id: String(input.paymentId),
          ...(input.mobile ? { mobile: input.mobile } : {}),
          ...(input.email ? { email: input.email } : {}),
        },
      });
      const data = dataOf(answer);
      if (codeOf(answer) !== 100 || !data?.authority || !AUTHORITY.test(data.authority)) {
        throw new GatewayError(`${options.type} request refused: code ${codeOf(answer)}`);
      }
      return {
        ref: data.authority,
        redirect: { method: 'GET', url: `${options.startPayBase}${data.authority}`, fields: {} },
      };
    },
    parseCallback(params) {
      const ref = params['Authority'];
      if (!ref || !AUTHORITY.test(ref)) return null;
      // Zarinpal's NOK is "failed or cancelled"; the sandbox bank (this protocol, our own page) also
      // says which with Reason=declined for its "card declined" button. Zarinpal never sends it.
      return { ref, ok: params['Status'] === 'OK', declined: params['Reason'] === 'declined' };
    },
    async verify(input): Promise<VerifyOutcome> {
      try {
        const answer = await call('verify.json', { authority: input.ref, amount: input.amount });
        const code = codeOf(answer);
        const data = dataOf(answer);
        if ((code === 100 || code === 101) && data?.ref_id !== undefined) {
          return { outcome: 'paid', trace: String(data.ref_id), card: data.card_pan ?? null };
        }
        if (code === -50) return { outcome: 'mismatch' };
        if (code === -54) return { outcome: 'unpaid' };
        if (code === -51) {
          // Not paid, or paid and already given back because we came too late: inquiry tells which.
          if (!options.reversible) return { outcome: 'unpaid' };
          return (await inquiry(input.ref)) === 'REVERSED' ? { outcome: 'lapsed' } : { outcome: 'unpaid' };
        }
        return { outcome: 'error', message: `${options.type} verify: code ${code}` };
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
  };
  if (options.reversible) {
    adapter.reverse = reverse;
    adapter.inquire = async (input) => {
      const answer = await call('inquiry.json', { authority: input.ref });
      if (codeOf(answer) === -54) return { state: 'unpaid', amount: null, trace: null };
      const status = dataOf(answer)?.status;
      if (codeOf(answer) !== 100 || !status) {
        throw new GatewayError(`${options.type} inquiry: code ${codeOf(answer)}`);
      }
      // Zarinpal's inquiry tells the state only: no amount, no ref_id.
      const state = inquiryStates[status] ?? 'unpaid';
      return { state, amount: null, trace: null };
    };
    adapter.unverified = async () => {
      const answer = await call('unVerified.json', {});
      const data = dataOf(answer) as { authorities?: { authority?: string; amount?: number }[] } | undefined;
      if (codeOf(answer) !== 100 || !Array.isArray(data?.authorities)) {
        throw new GatewayError(`${options.type} unVerified: code ${codeOf(answer)}`);
      }
      return data.authorities.flatMap((session) =>
        typeof session.authority === 'string' && typeof session.amount === 'number'
          ? [{ ref: session.authority, amount: session.amount }]
          : [],
      );
    };
  }
  return adapter;
}
