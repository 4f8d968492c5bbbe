import { randomUUID } from 'node:crypto';
import type { Localized } from '../../../lib/locale';
import { GatewayError, type GatewayAdapter, type GatewayInquiry, type VerifyOutcome } from './gateway';
import { gatewayHttp, type GatewayAnswer } from './http';

/**
 * PayPal Orders v2 (GATEWAYS.md §5), USD only: an OAuth client-credentials token → create an order
 * for our amount with return and cancel URLs → the buyer approves at the payer-action link and
 * returns with ?token={order id} → we read the order (state and amount) and capture it. Create and
 * capture carry a PayPal-Request-Id, so a retry after a timeout, a replayed callback or
 * reconciliation gets the first answer again (200) instead of a second order or capture; a capture
 * that already happened under another id (422 ORDER_ALREADY_CAPTURED) is read from the order.
 * Refunds are another API: what cannot be delivered is credited to the wallet.
 */
export interface PayPalOptions {
  clientId: string;
  secret: string;
  /** https://api-m.paypal.com, or https://api-m.sandbox.paypal.com */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  now?: () => Date;
}

interface Money {
  currency_code?: string;
  value?: string;
}

interface Order {
  id?: string;
  status?: string;
  links?: { href: string; rel: string }[];
  purchase_units?: {
    amount?: Money;
    payments?: { captures?: { id: string; status: string; amount?: Money }[] };
  }[];
  details?: { issue?: string }[];
}

/** Cents as PayPal's decimal string: 1234 → "12.34", exactly. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string as cents ("12.34" → 1234; "12", "12.3" too), or null when it is not one. */
export function decimalToCents(value: string | undefined): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A capture's status as settlement reads it (a partial refund leaves the capture ours). */
const CAPTURE_STATES: Record<string, GatewayInquiry['state']> = {
  COMPLETED: 'settled',
  PARTIALLY_REFUNDED: 'settled',
  REFUNDED: 'reversed',
  PENDING: 'held',
};

const isOurs = (money: Money | undefined, cents: number) =>
  money?.currency_code === 'USD' && decimalToCents(money.value) === cents;

export function paypalAdapter(options: PayPalOptions, title: Localized): GatewayAdapter {
  const http = gatewayHttp({ gateway: 'paypal', fetch: options.fetch, timeoutMs: options.timeoutMs });
  const now = () => (options.now?.() ?? new Date()).getTime();
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.secret}`).toString('base64');
    const answer = await http(
      'oauth2/token',
      `${options.baseUrl}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      },
      { retries: 1 },
    );
    const json = answer.json as { access_token?: string; expires_in?: number } | undefined;
    if (answer.status !== 200 || !json?.access_token)
      throw new GatewayError(`paypal oauth2/token: HTTP ${answer.status}`);
    // A minute early, so a token never expires on its way.
    token = { value: json.access_token, expiresAt: now() + ((json.expires_in ?? 300) - 60) * 1000 };
    return json.access_token;
  }

  /** One call with the bearer token (a 401 gets one new token); `requestId` makes it replayable. */
  async function api(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<GatewayAnswer & { order: Order }> {
    let answer: GatewayAnswer | null = null;
    for (let attempt = 0; attempt < 2 && (answer === null || answer.status === 401); attempt++) {
      if (answer) token = null;
      answer = await http(
        operation,
        `${options.baseUrl}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json',
            prefer: 'return=representation',
            ...(requestId ? { 'paypal-request-id': requestId } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        // GETs and calls with a request id answer a repeat with the first result.
        { retries: method === 'GET' || requestId ? 1 : 0 },
      );
    }
    return { ...answer!, order: (answer!.json ?? {}) as Order };
  }

  /** What a captured order says about our money. */
  function captured(order: Order, cents: number): VerifyOutcome {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) return { outcome: 'error', message: `paypal: order ${order.status} without a capture` };
    if (capture.status === 'COMPLETED') {
      return isOurs(capture.amount, cents)
        ? { outcome: 'paid', trace: capture.id, card: null }
        : { outcome: 'mismatch' };
    }
    if (capture.status === 'DECLINED' || capture.status === 'FAILED')
      return { outcome: 'unpaid', declined: true };
    // PENDING (e.g. under review): the money may still come.
    return { outcome: 'error', message: `paypal: capture ${capture.status}` };
  }

  return {
    type: 'paypal',
    title,
    currencies: ['USD'],
    async request(input) {
      const cancelUrl = new URL(input.callbackUrl);
      cancelUrl.searchParams.set('cancelled', '1');
      const { status, order } = await api(
        'create order',
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: String(input.paymentId),
              custom_id: String(input.paymentId),
              description: input.description,
              amount: { currency_code: 'USD', value: centsToDecimal(input.amount) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.callbackUrl,
                cancel_url: cancelUrl.toString(),
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
        // Stable across this call's retries only: a new payment is a new order.
        `order-${input.paymentId}-${randomUUID()}`,
      );
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if ((status !== 200 && status !== 201) || !order.id || !approve) {
        throw new GatewayError(`paypal create order: HTTP ${status}`);
      }
      return { ref: order.id, redirect: { method: 'GET', url: approve.href, fields: {} } };
    },
    parseCallback(params) {
      const ref = params['token'];
      if (!ref) return null;
      return { ref, ok: params['cancelled'] !== '1' };
    },
    async inquire(input) {
      const read = await api('get order', 'GET', `/v2/checkout/orders/${encodeURIComponent(input.ref)}`);
      if (read.status === 404) return { state: 'unpaid', amount: null, trace: null };
      if (read.status !== 200) throw new GatewayError(`paypal get order: HTTP ${read.status}`);
      const capture = read.order.purchase_units?.[0]?.payments?.captures?.[0];
      if (!capture) {
        // Approved and never captured: PayPal gives the approval back after a while.
        return { state: read.order.status === 'APPROVED' ? 'held' : 'unpaid', amount: null, trace: null };
      }
      return {
        state: CAPTURE_STATES[capture.status] ?? 'unpaid',
        amount: capture.amount?.currency_code === 'USD' ? decimalToCents(capture.amount.value) : null,
        trace: capture.id,
      };
    },
    async verify(input): Promise<VerifyOutcome> {
      try {
        const path = `/v2/checkout/orders/${encodeURIComponent(input.ref)}`;
        const read = await api('get order', 'GET', path);
        if (read.status === 404) return { outcome: 'unpaid' };
        if (read.status !== 200)
          return { outcome: 'error', message: `paypal get order: HTTP ${read.status}` };
        if (!isOurs(read.order.purchase_units?.[0]?.amount, input.amount)) return { outcome: 'mismatch' };
        if (read.order.status === 'COMPLETED') return captured(read.order, input.amount);
        if (read.order.status !== 'APPROVED') return { outcome: 'unpaid' };
        const capture = await api('capture', 'POST', `${path}/capture`, {}, `capture-${input.ref}`);
        if (capture.status === 200 || capture.status === 201) return captured(capture.order, input.amount);
        const issue = capture.order.details?.[0]?.issue;
        if (issue === 'ORDER_ALREADY_CAPTURED') {
          const again = await api('get order', 'GET', path);
          return captured(again.order, input.amount);
        }
        if (issue === 'INSTRUMENT_DECLINED') return { outcome: 'unpaid', declined: true };
        if (issue === 'ORDER_NOT_APPROVED') return { outcome: 'unpaid' };
        return { outcome: 'error', message: `paypal capture: HTTP ${capture.status} ${issue ?? ''}` };
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
  };
}
