import { tehranWallClock } from '../../../lib/iran-day';
import type { Localized } from '../../../lib/locale';
import { GatewayError, type GatewayAdapter, type GatewayCall, type VerifyOutcome } from './gateway';
import { gatewayHttp } from './http';

/**
 * Behpardakht Mellat (GATEWAYS.md §2): SOAP over HTTP with hand-written envelopes (one operation
 * each, all answering a string in <return>): bpPayRequest → "0,RefId" → the browser POSTs RefId to
 * startpay.mellat → Mellat POSTs RefId, ResCode, SaleOrderId, SaleReferenceId, FinalAmount back →
 * bpVerifyRequest (0, or 43 already verified) within 20 minutes → bpSettleRequest once delivered (0,
 * 45 already settled), or bpReversalRequest when it cannot be (0, 48 already reversed).
 * bpInquiryRequest tells settlement whether a sale stands (0) or was reversed (48).
 */
export interface MellatOptions {
  terminalId: string;
  userName: string;
  password: string;
  /** e.g. https://bpm.shaparak.ir/pgwchannel: services/pgw and startpay.mellat live below it. */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  now?: () => Date;
}

const NAMESPACE = 'http://interfaces.core.sw.bps.com/';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function envelope(operation: string, fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:int="${NAMESPACE}"><soapenv:Body><int:${operation}>${body}</int:${operation}></soapenv:Body></soapenv:Envelope>`;
}

/** Mellat's local date and time (yyyyMMdd, HHmmss), in Tehran. */
function tehranStamp(at: Date): { localDate: string; localTime: string } {
  const clock = tehranWallClock(at).toISOString();
  return {
    localDate: clock.slice(0, 10).replace(/-/g, ''),
    localTime: clock.slice(11, 19).replace(/:/g, ''),
  };
}

/** ResCodes that mean the card paid nothing: 11-19 the card's own refusals, 42 no such sale, 44 no verify. */
const UNPAID = new Set(['11', '12', '13', '14', '15', '16', '17', '18', '19', '42', '44']);

/** Callback ResCodes of a card its bank refused (17 is the payer's cancel, 415 a session timed out). */
const CARD_REFUSED = new Set(['11', '12', '13', '14', '15', '16', '18', '19', '111', '114']);

export function mellatAdapter(options: MellatOptions, title: Localized): GatewayAdapter {
  const http = gatewayHttp({ gateway: 'mellat', fetch: options.fetch, timeoutMs: options.timeoutMs });
  const credentials = {
    terminalId: options.terminalId,
    userName: options.userName,
    userPassword: options.password,
  };

  /** One operation; its <return> text. Throws GatewayError without an answer or with a fault. */
  async function call(operation: string, fields: Record<string, string>, retries: number): Promise<string> {
    const answer = await http(
      operation,
      `${options.baseUrl}/services/pgw`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        body: envelope(operation, { ...credentials, ...fields }),
      },
      { retries },
    );
    const result = /<return>([^<]*)<\/return>/.exec(answer.text)?.[1];
    if (answer.status !== 200 || result === undefined) {
      throw new GatewayError(`mellat ${operation}: HTTP ${answer.status} without a result`);
    }
    return result.trim();
  }

  /** The follow-up operations all take the sale's order id and reference; all answer a repeat the same. */
  function followUp(operation: string, input: GatewayCall): Promise<string> {
    return call(
      operation,
      {
        orderId: input.data['orderId'] ?? '',
        saleOrderId: input.data['orderId'] ?? '',
        saleReferenceId: input.data['saleReferenceId'] ?? '',
      },
      1,
    );
  }

  return {
    type: 'mellat',
    title,
    currencies: ['IRR'],
    async request(input) {
      const orderId = String(input.paymentId);
      const result = await call(
        'bpPayRequest',
        {
          orderId,
          amount: String(input.amount),
          ...tehranStamp(options.now?.() ?? new Date()),
          additionalData: input.description,
          callBackUrl: input.callbackUrl,
          payerId: '0',
          ...(input.mobile ? { mobileNo: `98${input.mobile.slice(1)}` } : {}),
        },
        // A new bpPayRequest needs a new orderId: never repeated.
        0,
      );
      const [code, refId] = result.split(',');
      if (code !== '0' || !refId) throw new GatewayError(`mellat bpPayRequest refused: ${code}`);
      return {
        ref: refId,
        redirect: {
          method: 'POST',
          url: `${options.baseUrl}/startpay.mellat`,
          fields: { RefId: refId, ...(input.mobile ? { MobileNo: `98${input.mobile.slice(1)}` } : {}) },
        },
        data: { orderId },
      };
    },
    parseCallback(params) {
      const ref = params['RefId'];
      if (!ref) return null;
      const data: Record<string, string> = {};
      for (const [field, key] of [
        ['SaleOrderId', 'saleOrderId'],
        ['SaleReferenceId', 'saleReferenceId'],
        ['FinalAmount', 'finalAmount'],
        ['CardHolderPan', 'cardPan'],
      ] as const) {
        if (params[field]) data[key] = params[field];
      }
      return {
        ref,
        ok: params['ResCode'] === '0',
        declined: CARD_REFUSED.has(params['ResCode'] ?? ''),
        data,
      };
    },
    async verify(input): Promise<VerifyOutcome> {
      const { saleReferenceId, saleOrderId, finalAmount } = input.data;
      // No sale reference (cancelled, or the browser never came back): nothing to verify; Mellat
      // gives back whatever it took after 20 minutes.
      if (!saleReferenceId || saleOrderId !== input.data['orderId']) return { outcome: 'unpaid' };
      // Mellat's verify takes no amount: the only amount it tells is the callback's FinalAmount.
      if (finalAmount !== undefined && Number(finalAmount) !== input.amount) return { outcome: 'mismatch' };
      try {
        const code = await followUp('bpVerifyRequest', input);
        if (code === '0' || code === '43') {
          return { outcome: 'paid', trace: saleReferenceId, card: input.data['cardPan'] ?? null };
        }
        // 48 before we ever reversed: Mellat reversed it itself, we came after its 20 minutes.
        if (code === '48') return { outcome: 'lapsed' };
        if (UNPAID.has(code)) return { outcome: 'unpaid' };
        return { outcome: 'error', message: `mellat bpVerifyRequest: ${code}` };
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
    async inquire(input) {
      // No sale reference: the payer never paid, nothing to ask about.
      if (!input.data['saleReferenceId']) return { state: 'unpaid', amount: null, trace: null };
      const code = await followUp('bpInquiryRequest', input);
      // The inquiry answers a result code only (0: the sale stands); no amount.
      const trace = input.data['saleReferenceId'];
      if (code === '0' || code === '43' || code === '45') return { state: 'settled', amount: null, trace };
      if (code === '48') return { state: 'reversed', amount: null, trace };
      if (UNPAID.has(code)) return { state: 'unpaid', amount: null, trace };
      throw new GatewayError(`mellat bpInquiryRequest: ${code}`);
    },
    async settle(input) {
      const code = await followUp('bpSettleRequest', input).catch(() => 'error');
      return code === '0' || code === '45';
    },
    async reverse(input) {
      const code = await followUp('bpReversalRequest', input).catch(() => 'error');
      if (code === '0' || code === '48') return 'done';
      // 45/46: settled (by us or by Mellat after 180 minutes): only a refund could give it back now.
      if (code === '45' || code === '46') return 'refused';
      return 'error';
    },
  };
}
