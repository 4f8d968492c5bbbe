import type { Currency } from '../../../shared/commerce';
import type { Localized } from '../../../shared/locale';
import { GatewayError, type GatewayAdapter, type VerifyOutcome } from './gateway';

/**
 * Zarinpal's v4 REST protocol (../shared/payments/GATEWAYS.md §1): request.json → StartPay/{authority}
 * → the browser comes back with ?Authority&Status=OK|NOK → verify.json with the amount (100 paid,
 * 101 already verified: both mean paid, with the same ref_id). The sandbox bank speaks it too, so this
 * adapter runs on every demo purchase.
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
}

interface ZarinpalAnswer {
  data?: { code?: number; authority?: string; ref_id?: number; card_pan?: string } | unknown[];
  errors?: { code?: number; message?: string } | unknown[];
}

const AUTHORITY = /^[AS][0-9a-zA-Z]{35}$/;

export function zarinpalAdapter(options: ZarinpalOptions): GatewayAdapter {
  async function call(endpoint: string, body: Record<string, unknown>): Promise<ZarinpalAnswer> {
    const response = await options.fetch(`${options.apiBase}${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    try {
      return JSON.parse(text) as ZarinpalAnswer;
    } catch {
      throw new GatewayError(`zarinpal ${endpoint}: HTTP ${response.status}, not JSON`);
    }
  }
  const codeOf = (answer: ZarinpalAnswer): number | undefined => {
    if (answer.data && !Array.isArray(answer.data) && answer.data.code !== undefined) return answer.data.code;
    if (answer.errors && !Array.isArray(answer.errors)) return answer.errors.code;
    return undefined;
  };

  return {
    type: options.type,
    title: options.title,
    currencies: options.currencies,
    async request(input) {
      const answer = await call('request.json', {
        merchant_id: options.merchantId,
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
      }).catch((error: unknown) => {
        throw error instanceof GatewayError ? error : new GatewayError(`zarinpal request: ${String(error)}`);
      });
      const data = answer.data && !Array.isArray(answer.data) ? answer.data : undefined;
      if (codeOf(answer) !== 100 || !data?.authority || !AUTHORITY.test(data.authority)) {
        throw new GatewayError(`zarinpal request refused: code ${codeOf(answer)}`);
      }
      return {
        ref: data.authority,
        redirect: { method: 'GET', url: `${options.startPayBase}${data.authority}`, fields: {} },
      };
    },
    parseCallback(params) {
      const ref = params['Authority'];
      if (!ref || !AUTHORITY.test(ref)) return null;
      return { ref, ok: params['Status'] === 'OK' };
    },
    async verify(input): Promise<VerifyOutcome> {
      let answer: ZarinpalAnswer;
      try {
        answer = await call('verify.json', {
          merchant_id: options.merchantId,
          authority: input.ref,
          amount: input.amount,
        });
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
      const code = codeOf(answer);
      const data = answer.data && !Array.isArray(answer.data) ? answer.data : undefined;
      if ((code === 100 || code === 101) && data?.ref_id !== undefined) {
        return { outcome: 'paid', trace: String(data.ref_id), card: data.card_pan ?? null };
      }
      if (code === -50) return { outcome: 'mismatch' };
      // -51: not paid (cancelled, declined, or the session lapsed); -54: no such authority.
      if (code === -51 || code === -54) return { outcome: 'unpaid' };
      return { outcome: 'error', message: `zarinpal verify: code ${code}` };
    },
  };
}
