import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iranDay } from '~/lib/iran-day';
import { solarMonthOf } from '~/lib/solar-month';
import type { CreatedPayment } from '~/shared/commerce';
import type { SettlementDifference, SettlementOverview, SettlementRun } from '~/shared/settlement';
import { serveFake, type ServedFake } from '~/server/commerce/gateways/fakes/kit';
import { pasargadFake } from '~/server/commerce/gateways/fakes/pasargad';
import { mellatFake } from '~/server/commerce/gateways/fakes/mellat';
import { paypalFake } from '~/server/commerce/gateways/fakes/paypal';
import { zarinpalFake, type ZarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import type { GatewayFake } from '~/server/commerce/gateways/fakes/kit';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, pricedTitle, seedShop, type Viewer } from './commerce-fixtures';
import { atGateway, paymentRow, returnToShop } from './gateway-suite';
import { newStaffMember } from './staff-fixtures';

/**
 * Gateway settlement (issue 27): one Iranian day at Pasargad and Zarinpal, their fakes served over
 * HTTP. Two payments the gateway settled as we recorded them, one it never settled, one it settled
 * for another amount, one it settled that never paid here, and money for a session unknown to us:
 * found through the gateways' inquiry APIs and through an uploaded statement; a statement with a
 * fault is refused with its line and column.
 */

let app: AccountsApp;
let pasargad: GatewayFake;
let zarinpal: ZarinpalFake;
let paypal: GatewayFake;
let mellat: GatewayFake;
const served: ServedFake[] = [];
let finance: string;
let moderator: string;
let viewer: Viewer;
let day: string;

const ids = { matched: [] as number[], neverSettled: 0, otherAmount: 0, notPaidHere: 0, zarinpal: 0 };
let amount = 0;

async function bought(gateway: 'pasargad' | 'zarinpal' | 'mellat'): Promise<CreatedPayment> {
  return viewer.buy({ type: 'BUY_MOVIE', item_id: await pricedTitle(app), gateway });
}

async function paid(gateway: 'pasargad' | 'zarinpal' | 'mellat'): Promise<number> {
  const created = await bought(gateway);
  expect((await returnToShop(app, await atGateway(created, 'pay'))).status).toBe(303);
  expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
  amount = created.payment.total;
  return created.payment.id;
}

/** The fake's session of one of our payments (Pasargad's invoice is our payment number). */
const pasargadSession = (id: number) => pasargad.sessions.get(String(id))!;

beforeAll(async () => {
  const clock = { now: () => app.clock.now() };
  pasargad = pasargadFake({ clock });
  zarinpal = zarinpalFake({ clock });
  paypal = paypalFake({ clock });
  mellat = mellatFake({ clock });
  for (const fake of [pasargad, zarinpal, paypal, mellat]) served.push(await serveFake(fake));
  app = await startAccountsApp({
    ...served[0]!.env,
    ...served[1]!.env,
    ...served[2]!.env,
    ...served[3]!.env,
    SANDBOX_BANK: '0',
    GATEWAY_TIMEOUT_MS: '2000',
  });
  await seedShop(app);
  finance = (await newStaffMember(app, 'finance')).token;
  moderator = (await newStaffMember(app, 'moderator')).token;
  viewer = await newViewer(app);
  day = iranDay(app.clock.now());

  ids.matched = [await paid('pasargad'), await paid('pasargad')];
  // The gateway turned it down after all: its inquiry says "unsuccessful".
  ids.neverSettled = await paid('pasargad');
  pasargadSession(ids.neverSettled).status = 'declined';
  // The gateway settled 10,000 rials less than we booked.
  ids.otherAmount = await paid('pasargad');
  pasargadSession(ids.otherAmount).amount = amount - 10_000;
  // Paid at the bank, the browser never came back and nobody verified: the bank settled it anyway.
  const lost = await bought('pasargad');
  ids.notPaidHere = lost.payment.id;
  await atGateway(lost, 'pay');
  Object.assign(pasargadSession(ids.notPaidHere), { status: 'settled' });
  ids.zarinpal = await paid('zarinpal');
}, 60_000);

afterAll(async () => {
  await app?.close();
  for (const fake of served) await fake.close();
});

const kinds = (run: SettlementRun) =>
  Object.fromEntries(
    run.differences
      .filter((difference) => difference.payment_id !== null)
      .map((difference) => [difference.payment_id!, difference.kind]),
  );

async function inquiry(gateway: string, period: Record<string, string>) {
  return app.as(finance, '/staff/settlement/inquiry', {
    method: 'POST',
    json: { gateway, ...period },
    headers: { 'accept-language': 'en' },
  });
}

async function upload(
  token: string,
  gateway: string,
  csv: string,
  period: Record<string, string> = { day },
  language = 'en',
) {
  const form = new FormData();
  form.set('gateway', gateway);
  for (const [key, value] of Object.entries(period)) form.set(key, value);
  form.set('file', new File([csv], 'statement.csv', { type: 'text/csv' }));
  return app.as(token, '/staff/settlement/statements', {
    method: 'POST',
    body: form,
    headers: { 'accept-language': language },
  });
}

async function runCount(): Promise<number> {
  const overview = (await (await app.as(finance, '/staff/settlement')).json()) as SettlementOverview;
  return overview.runs.length;
}

/** Pasargad's statement columns: referenceNumber, invoice, amount, status, date. */
const line = (id: number, sum: number, status = 'settled') =>
  `${pasargadSession(id).trace},${id},${sum},${status},${day} 12:00`;

describe('gateway settlement', () => {
  it('through the inquiry API: matches, never settled, another amount, settled but not paid here', async () => {
    const res = await inquiry('pasargad', { day });
    expect(res.status, await res.clone().text()).toBe(200);
    const run = (await res.json()) as SettlementRun;
    expect(run).toMatchObject({ gateway: 'pasargad', source: 'inquiry', from: day, to: day, matched: 2 });
    expect(kinds(run)).toEqual({
      [ids.neverSettled]: 'not_settled',
      [ids.otherAmount]: 'amount',
      [ids.notPaidHere]: 'not_paid_here',
    });
    const other = run.differences.find((difference) => difference.payment_id === ids.otherAmount)!;
    expect(other).toMatchObject({ ours: amount, theirs: amount - 10_000, currency: 'IRR' });
    // Recorded: the four payments whose money came in; the gateway settled the two, the short one
    // and the one we never took.
    expect(run.recorded).toEqual([{ currency: 'IRR', count: 4, amount: 4 * amount }]);
    expect(run.settled).toEqual([{ currency: 'IRR', count: 4, amount: 4 * amount - 10_000 }]);

    // Kept: the same comparison is read back, and listed.
    const again = await app.as(finance, `/staff/settlement/runs/${run.id}`);
    expect(await again.json()).toEqual(run);
    const overview = (await (await app.as(finance, '/staff/settlement')).json()) as SettlementOverview;
    expect(overview.runs[0]).toMatchObject({ id: run.id, differences: 3, matched: 2 });
    expect(overview.gateways).toEqual(
      expect.arrayContaining([
        { gateway: 'pasargad', inquiry: true },
        { gateway: 'zarinpal', inquiry: true },
        { gateway: 'paypal', inquiry: true },
        { gateway: 'mellat', inquiry: true },
      ]),
    );
  });

  it('through the inquiry API: money for a session unknown here (Zarinpal’s unverified list)', async () => {
    const stray = zarinpal.sessions.get([...zarinpal.sessions.keys()][0]!)!;
    zarinpal.sessions.set(`A${'7'.repeat(35)}`, {
      ...stray,
      amount: 450_000,
      status: 'paid',
      paidAt: app.clock.now(),
    });
    const res = await inquiry('zarinpal', { month: solarMonthOf(day) });
    expect(res.status, await res.clone().text()).toBe(200);
    const run = (await res.json()) as SettlementRun;
    expect(run.matched).toBe(1);
    expect(run.differences).toEqual([
      {
        kind: 'unknown_here',
        payment_id: null,
        payment_status: null,
        reference: `A${'7'.repeat(35)}`,
        currency: 'IRR',
        ours: null,
        theirs: 450_000,
        line: null,
      } satisfies SettlementDifference,
    ]);
  });

  it('through an uploaded statement: the same differences, each with its line', async () => {
    const csv = [
      'referenceNumber,invoice,amount,status,date',
      line(ids.matched[0]!, amount),
      line(ids.matched[1]!, amount),
      line(ids.otherAmount, amount - 10_000),
      line(ids.notPaidHere, amount),
      `987654321012,999999,120000,settled,${day} 13:00`,
      '',
    ].join('\r\n');
    const res = await upload(finance, 'pasargad', csv);
    expect(res.status, await res.clone().text()).toBe(200);
    const run = (await res.json()) as SettlementRun;
    expect(run).toMatchObject({ source: 'statement', file_name: 'statement.csv', matched: 2 });
    const byKind = Object.fromEntries(run.differences.map((difference) => [difference.kind, difference]));
    expect(byKind['not_settled']).toMatchObject({ payment_id: ids.neverSettled, line: null, ours: amount });
    expect(byKind['amount']).toMatchObject({
      payment_id: ids.otherAmount,
      line: 4,
      ours: amount,
      theirs: amount - 10_000,
    });
    expect(byKind['not_paid_here']).toMatchObject({ payment_id: ids.notPaidHere, line: 5, ours: null });
    expect(byKind['unknown_here']).toMatchObject({
      payment_id: null,
      reference: '987654321012',
      line: 6,
      theirs: 120_000,
    });
    expect(run.differences).toHaveLength(4);
  });

  it('a statement with a fault is refused whole, naming the line and the column, in both languages', async () => {
    const runsBefore = await runCount();
    const csv = [
      'referenceNumber,invoice,amount,status',
      line(ids.matched[0]!, amount).replace(/,[^,]*$/, ''),
      `123,${ids.matched[1]},12a,settled`,
      `124,${ids.otherAmount},5000,paid`,
    ].join('\n');
    const en = await upload(finance, 'pasargad', csv);
    expect(en.status).toBe(422);
    const body = (await en.json()) as { errors: { file: string[] } };
    expect(body.errors.file).toEqual([
      'Line 3, column amount: “12a” is not an amount (whole rials; PayPal: 12.50).',
      'Line 4, column status: “paid” is neither settled nor reversed.',
    ]);
    const fa = await upload(finance, 'pasargad', csv, { day }, 'fa');
    expect(((await fa.json()) as { errors: { file: string[] } }).errors.file[0]).toContain(
      'سطر ۳، ستون amount',
    );

    const header = await upload(finance, 'pasargad', 'reference,invoice,amount,status\n1,2,3,settled\n');
    expect(header.status).toBe(422);
    expect(((await header.json()) as { errors: { file: string[] } }).errors.file).toEqual([
      'Line 1: the column referenceNumber is missing (the columns are: referenceNumber, invoice, amount, status, date).',
    ]);
    // Nothing of the refused statements was kept.
    expect(await runCount()).toBe(runsBefore);
  });

  it('is finance’s: a moderator and a viewer are refused', async () => {
    expect((await app.as(moderator, '/staff/settlement')).status).toBe(403);
    expect((await upload(moderator, 'pasargad', line(ids.matched[0]!, amount))).status).toBe(403);
    expect(
      (
        await app.as(viewer.token, '/staff/settlement/inquiry', {
          method: 'POST',
          json: { gateway: 'pasargad', day },
        })
      ).status,
    ).toBe(403);
  });

  it('refunds to the card: given back on both sides, or on one side only', async () => {
    const [both, hereOnly, thereOnly] = [
      await paid('zarinpal'),
      await paid('zarinpal'),
      await paid('zarinpal'),
    ];
    for (const id of [both, hereOnly]) {
      const res = await app.as(finance, `/staff/payments/${id}/reverse`, {
        method: 'POST',
        json: { reason: 'The film never played that night', expected_refunded: 0 },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    /** Zarinpal's statement columns: ref_id, authority, amount, status. */
    const zarinpalLine = async (id: number, status: string) => {
      const authority = (await paymentRow(app, id)).gatewayRef!;
      return `${zarinpal.sessions.get(authority)!.trace},${authority},${amount},${status}`;
    };
    const csv = [
      'ref_id,authority,amount,status',
      await zarinpalLine(both, 'reversed'),
      await zarinpalLine(hereOnly, 'settled'),
      await zarinpalLine(thereOnly, 'reversed'),
    ].join('\n');
    const res = await upload(finance, 'zarinpal', csv);
    expect(res.status, await res.clone().text()).toBe(200);
    const run = (await res.json()) as SettlementRun;
    expect(kinds(run)).toMatchObject({
      [both]: 'reversed',
      [hereOnly]: 'reversed_here',
      [thereOnly]: 'reversed_there',
    });
    const there = run.differences.find((difference) => difference.payment_id === thereOnly)!;
    expect(there).toMatchObject({ ours: amount, theirs: null, line: 4 });
    // Given back through the gateway: no longer recorded as paid. Left: the day's first Zarinpal
    // payment and the one only the gateway gave back.
    expect(run.recorded).toEqual([{ currency: 'IRR', count: 2, amount: 2 * amount }]);
  });

  it('PayPal through its order API: a capture as booked and one for a dollar less', async () => {
    const capturedInDollars = async () => {
      const created = await viewer.buy({
        type: 'BUY_MOVIE',
        item_id: await pricedTitle(app),
        gateway: 'paypal',
        currency: 'USD',
      });
      expect((await returnToShop(app, await atGateway(created, 'pay'))).status).toBe(303);
      expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
      return created.payment;
    };
    const [booked, short] = [await capturedInDollars(), await capturedInDollars()];
    paypal.sessions.get((await paymentRow(app, short.id)).gatewayRef!)!.amount = short.total - 100;
    // PayPal counts its days in UTC; the test's clock is at 08:00 UTC, the same day as Tehran's.
    const res = await inquiry('paypal', { day });
    expect(res.status, await res.clone().text()).toBe(200);
    const run = (await res.json()) as SettlementRun;
    expect(run.matched).toBe(1);
    expect(run.differences).toEqual([
      expect.objectContaining({
        kind: 'amount',
        payment_id: short.id,
        currency: 'USD',
        ours: short.total,
        theirs: short.total - 100,
      }),
    ]);
    expect(run.recorded).toEqual([{ currency: 'USD', count: 2, amount: booked.total + short.total }]);
  });

  it('Mellat through bpInquiryRequest: a sale that stands, and one the bank reversed', async () => {
    await paid('mellat');
    const reversed = await paid('mellat');
    mellat.sessions.get((await paymentRow(app, reversed)).gatewayRef!)!.status = 'reversed';
    const res = await inquiry('mellat', { day });
    expect(res.status, await res.clone().text()).toBe(200);
    const run = (await res.json()) as SettlementRun;
    expect(run.matched).toBe(1);
    expect(kinds(run)).toEqual({ [reversed]: 'reversed_there' });
    expect(run.recorded).toEqual([{ currency: 'IRR', count: 2, amount: 2 * amount }]);
  });

  it('a gateway without an inquiry API here is asked for its statement', async () => {
    const res = await inquiry('saman', { day });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      'This gateway has no inquiry API here; upload its statement instead.',
    );
  });
});
