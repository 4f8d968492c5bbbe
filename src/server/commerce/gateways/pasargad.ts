import type { Localized } from '../../../lib/locale';
import { GatewayError, type GatewayAdapter, type GatewayCall, type VerifyOutcome } from './gateway';
import { gatewayHttp, type GatewayAnswer } from './http';

/**
 * Pasargad's REST gateway, "Dorsa" (GATEWAYS.md §4): a bearer token (10 minutes; fetched again when
 * it is about to expire or a call answers 401) → purchase for our invoice → the browser goes to the
 * answer's url and comes back with ?invoiceId&status&referenceNumber → payment-inquiry (state and
 * amount, also without a callback) → verify-transactions (0, 13428 already verified) within 25
 * minutes → confirm-transactions once delivered (0, 13029 already), or reverse-transactions (0,
 * 13033 already reversed) when it cannot be.
 */
export interface PasargadOptions {
  terminal: string;
  userName: string;
  password: string;
  /** The terminal's base, e.g. https://pep.shaparak.ir/dorsa1 */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  now?: () => Date;
}

interface PepAnswer {
  resultCode?: number;
  resultMsg?: string;
  token?: string;
  data?: {
    urlId?: string;
    url?: string;
    status?: number;
    amount?: number;
    referenceNumber?: string;
    maskedCardNumber?: string;
  };
}

const TOKEN_LIFETIME_MS = 10 * 60_000;
/** Fetch a new token this long before the old one expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Inquiry states that mean no money came: failure, unsuccessful, cancelled by the cardholder, incomplete. */
const UNPAID = new Set([1, 13025, 13045, 13049]);

/** Inquiry states of money that stays with us: confirmed, settled, verified (confirm follows by itself). */
const SETTLED = new Set([13029, 13046, 13034]);

export function pasargadAdapter(options: PasargadOptions, title: Localized): GatewayAdapter {
  const http = gatewayHttp({ gateway: 'pasargad', fetch: options.fetch, timeoutMs: options.timeoutMs });
  const now = () => (options.now?.() ?? new Date()).getTime();
  let token: { value: string; expiresAt: number } | null = null;

  async function freshToken(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > now()) return token.value;
    const answer = await http(
      'getToken',
      `${options.baseUrl}/token/getToken`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: options.userName, password: options.password }),
      },
      { retries: 1 },
    );
    const json = answer.json as PepAnswer | undefined;
    if (json?.resultCode !== 0 || !json.token)
      throw new GatewayError(`pasargad getToken: ${json?.resultCode}`);
    token = { value: json.token, expiresAt: now() + TOKEN_LIFETIME_MS };
    return json.token;
  }

  /** One call with the bearer token; a 401 (expired early, revoked) gets one new token. */
  async function api(operation: string, body: Record<string, unknown>, retries = 1): Promise<PepAnswer> {
    let answer: GatewayAnswer | null = null;
    for (let attempt = 0; attempt < 2 && (answer === null || answer.status === 401); attempt++) {
      if (answer) token = null;
      answer = await http(
        operation,
        `${options.baseUrl}/api/payment/${operation}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${await freshToken()}` },
          body: JSON.stringify(body),
        },
        { retries },
      );
    }
    const json = answer!.json as PepAnswer | undefined;
    if (typeof json?.resultCode !== 'number')
      throw new GatewayError(`pasargad ${operation}: HTTP ${answer!.status}`);
    return json;
  }

  const transaction = (input: GatewayCall) => ({ invoice: input.ref, urlId: input.data['urlId'] ?? '' });

  return {
    type: 'pasargad',
    title,
    currencies: ['IRR'],
    async request(input) {
      const invoice = String(input.paymentId);
      const answer = await api(
        'purchase',
        {
          amount: input.amount,
          invoice,
          invoiceDate: new Date(now()).toISOString().slice(0, 10),
          serviceCode: '8',
          serviceType: 'PURCHASE',
          callbackApi: input.callbackUrl,
          mobileNumber: input.mobile ?? '',
          description: input.description,
          terminalNumber: Number(options.terminal),
        },
        // A second purchase for one invoice is refused (13003): never repeated.
        0,
      );
      if (answer.resultCode !== 0 || !answer.data?.urlId || !answer.data.url) {
        throw new GatewayError(`pasargad purchase refused: ${answer.resultCode}`);
      }
      return {
        ref: invoice,
        redirect: { method: 'GET', url: answer.data.url, fields: {} },
        data: { urlId: answer.data.urlId },
      };
    },
    parseCallback(params) {
      const ref = params['invoiceId'];
      if (!ref) return null;
      const data: Record<string, string> = {};
      if (params['referenceNumber']) data['referenceNumber'] = params['referenceNumber'];
      // `failed` is a refused payment; `cancel` and `expire` are the payer's doing or nobody's.
      return { ref, ok: params['status'] === 'success', declined: params['status'] === 'failed', data };
    },
    async verify(input): Promise<VerifyOutcome> {
      try {
        // The inquiry tells state and amount before we keep anything: verify is what keeps the money.
        const inquiry = await api('payment-inquiry', { invoiceId: input.ref });
        if (inquiry.resultCode === 13016) return { outcome: 'unpaid' };
        const status = inquiry.data?.status;
        if (inquiry.resultCode !== 0 || status === undefined) {
          return { outcome: 'error', message: `pasargad payment-inquiry: ${inquiry.resultCode}` };
        }
        if (UNPAID.has(status)) return { outcome: 'unpaid' };
        if (status === 13033) return { outcome: 'lapsed' };
        if (inquiry.data?.amount !== input.amount) return { outcome: 'mismatch' };
        const verified = await api('verify-transactions', transaction(input));
        if ((verified.resultCode === 0 || verified.resultCode === 13428) && verified.data?.referenceNumber) {
          return {
            outcome: 'paid',
            trace: verified.data.referenceNumber,
            card: verified.data.maskedCardNumber ?? null,
          };
        }
        if (verified.resultCode === 13033) return { outcome: 'lapsed' };
        return { outcome: 'error', message: `pasargad verify-transactions: ${verified.resultCode}` };
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
    async inquire(input) {
      const answer = await api('payment-inquiry', { invoiceId: input.ref });
      if (answer.resultCode === 13016) return { state: 'unpaid', amount: null, trace: null };
      const status = answer.data?.status;
      if (answer.resultCode !== 0 || status === undefined) {
        throw new GatewayError(`pasargad payment-inquiry: ${answer.resultCode}`);
      }
      return {
        state: SETTLED.has(status)
          ? 'settled'
          : status === 13031
            ? 'held'
            : status === 13033
              ? 'reversed'
              : 'unpaid',
        amount: answer.data?.amount ?? null,
        trace: answer.data?.referenceNumber ?? null,
      };
    },
    async settle(input) {
      const answer = await api('confirm-transactions', transaction(input)).catch(() => null);
      return answer?.resultCode === 0 || answer?.resultCode === 13029;
    },
    async reverse(input) {
      const answer = await api('reverse-transactions', transaction(input)).catch(() => null);
      if (answer?.resultCode === 0 || answer?.resultCode === 13033) return 'done';
      // 13076 the reversal window passed; 13029 / 13046 confirmed or settled: final.
      if (answer && [13029, 13046, 13076].includes(answer.resultCode!)) return 'refused';
      return 'error';
    },
  };
}
