import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientAsync, type Client } from 'soap';
import { serveFake, type ServedFake } from '~/server/commerce/gateways/fakes/kit';
import { MELLAT_FAKE, mellatFake } from '~/server/commerce/gateways/fakes/mellat';

/**
 * Issue 24 (20): the Mellat fake serves its WSDL where Behpardakht serves its own
 * (…/pgwchannel/services/pgw?wsdl), so a standard SOAP client (node-soap) can be pointed at it: the
 * WSDL describes the operations the adapter calls, and calls made through it are answered.
 */
let served: ServedFake;
let wsdlUrl: string;

beforeAll(async () => {
  served = await serveFake(mellatFake());
  wsdlUrl = `${served.origin}/pgwchannel/services/pgw?wsdl`;
});
afterAll(() => served.close());

const credentials = {
  terminalId: MELLAT_FAKE.terminalId,
  userName: MELLAT_FAKE.userName,
  userPassword: MELLAT_FAKE.password,
};

describe('the Mellat fake’s WSDL', () => {
  it('is served at services/pgw?wsdl as a WSDL 1.1 document of the namespace every client uses', async () => {
    const res = await fetch(wsdlUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const wsdl = await res.text();
    expect(wsdl).toMatch(/^<\?xml /);
    expect(wsdl).toContain('xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"');
    expect(wsdl).toContain('targetNamespace="http://interfaces.core.sw.bps.com/"');
    expect(wsdl).toContain(`<soap:address location="${served.origin}/pgwchannel/services/pgw"/>`);
  });

  it('a standard SOAP client reads it, finds the adapter’s operations and calls the fake through it', async () => {
    const client: Client = await createClientAsync(wsdlUrl);
    const described = client.describe() as Record<string, Record<string, Record<string, unknown>>>;
    const operations = Object.values(Object.values(described)[0]!)[0]!;
    expect(Object.keys(operations).sort()).toEqual([
      'bpInquiryRequest',
      'bpPayRequest',
      'bpReversalRequest',
      'bpSettleRequest',
      'bpVerifyRequest',
    ]);
    expect(operations['bpPayRequest']).toMatchObject({
      input: expect.objectContaining({ terminalId: 'xs:long', amount: 'xs:long', callBackUrl: 'xs:string' }),
    });

    const [paid] = (await client['bpPayRequestAsync']({
      ...credentials,
      orderId: 9001,
      amount: 7_590_000,
      localDate: '20260321',
      localTime: '113000',
      additionalData: 'Payment no. 9001',
      callBackUrl: 'http://127.0.0.1:9/api/v1/payments/callback/mellat',
      payerId: '0',
    })) as [{ return: string }];
    expect(paid.return).toMatch(/^0,\w+$/);

    // Nothing was paid on the page: verify answers with a result code, as the real service does.
    const [verified] = (await client['bpVerifyRequestAsync']({
      ...credentials,
      orderId: 9001,
      saleOrderId: 9001,
      saleReferenceId: 1,
    })) as [{ return: string }];
    expect(verified.return).toMatch(/^\d+$/);
    expect(verified.return).not.toBe('0');

    const [refused] = (await client['bpPayRequestAsync']({
      ...credentials,
      userPassword: 'wrong',
      orderId: 9002,
      amount: 1000,
    })) as [{ return: string }];
    expect(refused.return).toBe('24');
  });
});
