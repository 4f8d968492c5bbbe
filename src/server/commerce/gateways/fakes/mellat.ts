import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import {
  lapseIfLate,
  minutesSince,
  mountPaymentPage,
  newSession,
  postBack,
  systemClock,
  unlessHanging,
  type FakeClock,
  type FakeSession,
  type GatewayFake,
} from './kit.ts';
import { mellatWsdl } from './mellat-wsdl.ts';

/**
 * Behpardakht Mellat's SOAP gateway (GATEWAYS.md §2) as a local fake at /pgwchannel: services/pgw
 * answers bpPayRequest, bpVerifyRequest (0, then 43; 48 once reversed), bpSettleRequest (0, then 45)
 * bpReversalRequest (0, then 48; 45 once settled) and bpInquiryRequest (0 standing, 48 reversed), each in a SOAP envelope with a <return>
 * string (services/pgw?wsdl describes them: mellat-wsdl.ts); startpay.mellat takes the posted RefId and posts the result back to callBackUrl (ResCode 0,
 * 17 cancelled, 12 declined). Unverified money goes back after 20 minutes; verified money settles by
 * itself after 180.
 */

export const MELLAT_FAKE = { terminalId: '1234567', userName: 'fakeuser', password: 'fake-pass-1404' };
const VERIFY_WITHIN_MINUTES = 20;
const AUTO_SETTLE_MINUTES = 180;

interface MellatSession extends FakeSession {
  orderId: string;
  callbackUrl: string;
}

const NAMESPACE = 'http://interfaces.core.sw.bps.com/';

/** The names tests use for every fake's operations. */
const COMMON_NAMES: Record<string, string> = {
  bpPayRequest: 'request',
  bpVerifyRequest: 'verify',
  bpSettleRequest: 'settle',
  bpReversalRequest: 'reverse',
  bpInquiryRequest: 'inquiry',
};

function soapAnswer(operation: string, result: string): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:${operation}Response xmlns:ns2="${NAMESPACE}"><return>${result}</return></ns2:${operation}Response></soap:Body></soap:Envelope>`;
  return new Response(xml, { headers: { 'content-type': 'text/xml; charset=utf-8' } });
}

function soapFault(message: string): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${message}</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
  return new Response(xml, { status: 500, headers: { 'content-type': 'text/xml; charset=utf-8' } });
}

const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|apos|quot);/g,
    (_, name: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[name]!,
  );

/** The operation a SOAP request calls and its fields (flat, as all of Mellat's are). */
function parseEnvelope(xml: string): { operation: string; fields: Record<string, string> } | null {
  const body = /<(?:[\w-]+:)?Body[^>]*>([\s\S]*)<\/(?:[\w-]+:)?Body>/.exec(xml)?.[1];
  const call = body && /<(?:[\w-]+:)?(bp\w+)[^>]*>([\s\S]*)<\/(?:[\w-]+:)?\1>/.exec(body);
  if (!call) return null;
  const fields: Record<string, string> = {};
  for (const [, name, value] of call[2]!.matchAll(/<(\w+)>([^<]*)<\/\1>/g))
    fields[name!] = unescapeXml(value!);
  return { operation: call[1]!, fields };
}

export function mellatFake({ clock = systemClock }: { clock?: FakeClock } = {}): GatewayFake<MellatSession> {
  const sessions = new Map<string, MellatSession>();
  const hang = new Set<string>();
  const app = new Hono().basePath('/pgwchannel');

  function age(session: MellatSession): void {
    lapseIfLate(session, clock, VERIFY_WITHIN_MINUTES);
    if (session.status === 'verified' && minutesSince(clock, session.paidAt) > AUTO_SETTLE_MINUTES) {
      session.status = 'settled';
    }
  }

  /** The sale a follow-up operation names (saleOrderId and saleReferenceId must both match). */
  function saleOf(fields: Record<string, string>): MellatSession | undefined {
    for (const session of sessions.values()) {
      if (session.orderId === fields['saleOrderId'] && session.trace === fields['saleReferenceId']) {
        age(session);
        return session;
      }
    }
    return undefined;
  }

  const operations: Record<string, (fields: Record<string, string>) => string> = {
    bpPayRequest(fields) {
      const amount = Number(fields['amount']);
      if (!Number.isSafeInteger(amount) || amount <= 0) return '25';
      if ([...sessions.values()].some((session) => session.orderId === fields['orderId'])) return '41';
      if (!/^\d{8}$/.test(fields['localDate'] ?? '') || !/^\d{6}$/.test(fields['localTime'] ?? ''))
        return '35';
      const refId = randomBytes(10).toString('hex').toUpperCase();
      sessions.set(refId, {
        ...newSession(amount, 'IRR', fields['additionalData'] ?? ''),
        orderId: fields['orderId'] ?? '',
        callbackUrl: fields['callBackUrl'] ?? '',
      });
      return `0,${refId}`;
    },
    bpVerifyRequest(fields) {
      const sale = saleOf(fields);
      if (!sale) return '42';
      if (sale.status === 'reversed') return '48';
      if (sale.status === 'verified' || sale.status === 'settled') return '43';
      sale.status = 'verified';
      return '0';
    },
    bpSettleRequest(fields) {
      const sale = saleOf(fields);
      if (!sale) return '42';
      if (sale.status === 'reversed') return '48';
      if (sale.status === 'settled') return '45';
      if (sale.status !== 'verified') return '44';
      sale.status = 'settled';
      return '0';
    },
    // The sale's standing: 0 while it stands (verified or settled), 48 reversed, 44 never verified.
    bpInquiryRequest(fields) {
      const sale = saleOf(fields);
      if (!sale) return '42';
      if (sale.status === 'reversed') return '48';
      if (sale.status === 'verified' || sale.status === 'settled') return '0';
      return '44';
    },
    bpReversalRequest(fields) {
      const sale = saleOf(fields);
      if (!sale) return '42';
      if (sale.status === 'reversed') return '48';
      if (sale.status === 'settled') return '45';
      sale.status = 'reversed';
      return '0';
    },
  };

  // Where Behpardakht serves its WSDL (services/pgw?wsdl): a SOAP client is pointed at it.
  app.get('/services/pgw', (c) => {
    if (c.req.query('wsdl') === undefined) return c.text('Not found', 404);
    const address = new URL('/pgwchannel/services/pgw', c.req.url).href;
    return c.body(mellatWsdl(address), 200, { 'content-type': 'text/xml; charset=utf-8' });
  });

  app.post('/services/pgw', async (c) => {
    const parsed = parseEnvelope(await c.req.text());
    const operation = parsed && operations[parsed.operation];
    if (!parsed || !operation) return soapFault('Unknown operation');
    await unlessHanging(hang, COMMON_NAMES[parsed.operation] ?? parsed.operation);
    const { terminalId, userName, userPassword } = parsed.fields;
    if (terminalId !== MELLAT_FAKE.terminalId) return soapAnswer(parsed.operation, '21');
    if (userName !== MELLAT_FAKE.userName || userPassword !== MELLAT_FAKE.password) {
      return soapAnswer(parsed.operation, '24');
    }
    return soapAnswer(parsed.operation, operation(parsed.fields));
  });

  mountPaymentPage(app, '/startpay.mellat', {
    title: { fa: 'به‌پرداخت ملت (شبیه‌ساز)', en: 'Behpardakht Mellat (fake)' },
    clock,
    sessions,
    keyOf: (_c, form) => form['RefId'],
    hidden: (key) => ({ RefId: key }),
    returnOrigin: (session) => new URL(session.callbackUrl).origin,
    back(key, session) {
      const paid = session.status !== 'cancelled' && session.status !== 'declined';
      return postBack(session.callbackUrl, {
        RefId: key,
        ResCode: paid ? '0' : session.status === 'cancelled' ? '17' : '12',
        SaleOrderId: session.orderId,
        ...(paid
          ? {
              SaleReferenceId: session.trace ?? '',
              CardHolderInfo: '1EBE3EBEBE35C7EC0F8D6EE4F2F85910',
              CardHolderPan: session.card,
              FinalAmount: String(session.amount),
            }
          : {}),
      });
    },
  });

  return {
    name: 'mellat',
    app,
    sessions,
    hang,
    env: (origin) => ({
      MELLAT_TERMINAL_ID: MELLAT_FAKE.terminalId,
      MELLAT_USERNAME: MELLAT_FAKE.userName,
      MELLAT_PASSWORD: MELLAT_FAKE.password,
      MELLAT_BASE_URL: `${origin}/pgwchannel`,
    }),
  };
}
