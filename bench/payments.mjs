// The payment part of `npm run bench` (issue 9), called by bench/run.mjs while its server runs (on the
// embedded database, TRUST_PROXY=1 so each buyer comes from an address of its own):
//   1. signs up BUYERS viewers (codes read from the server's outbox);
//   2. ROUNDS times: every buyer starts a payment at the same moment (POST /payments, a wallet charge
//      through the sandbox bank), the bank is paid for each (not timed: that is the bank's page), then
//      every buyer's browser comes back at the same moment (GET /payments/callback/sandbox: verify
//      with the bank, fulfil, 303 to the result page);
//   3. p50 / p99 latency of each step over all rounds, against the target (p99 < 100 ms), and
//      that every payment ended fulfilled.
import fs from 'node:fs';

const BUYERS = 100;
const ROUNDS = 5;
const TARGET_MS = 100;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function timed(request) {
  const started = performance.now();
  const res = await request();
  return { res, ms: performance.now() - started };
}

async function lastCode(outboxFile, to) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const lines = fs
      .readFileSync(outboxFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const line = lines.filter((entry) => entry.to === to).at(-1);
    if (line) return line.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`bench payments: no code for ${to}`);
}

async function signUp(origin, outboxFile, index) {
  const phone = `0936${String(1_000_000 + index).padStart(7, '0')}`;
  const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${index % 250}` };
  const post = async (path, body) => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`bench payments: ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { remember_token } = await post('/auth/init', { user_name: phone });
  const code = await lastCode(outboxFile, `+98${phone.slice(1)}`);
  await post('/auth/verify', { user_name: phone, code, remember_token });
  const password = 'bench-pass-1404';
  const done = await post('/auth/compelet', {
    remember_token,
    name: `Buyer ${index}`,
    password,
    password_confirmation: password,
    accept_terms: true,
  });
  return { token: done.token, address: headers['X-Forwarded-For'] };
}

export async function measurePayments({ origin, outboxFile, log }) {
  const buyers = [];
  for (let index = 0; index < BUYERS; index++) buyers.push(await signUp(origin, outboxFile, index));
  log(`payments: ${BUYERS} buyers signed up`);
  const starts = [];
  const callbacks = [];
  let fulfilled = 0;
  let errors = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = await Promise.all(
      buyers.map((buyer) =>
        timed(() =>
          fetch(`${origin}/api/v1/payments`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${buyer.token}`,
              'X-Forwarded-For': buyer.address,
            },
            body: JSON.stringify({
              type: 'CHARGE_WALLET',
              amount: 1_000_000,
              currency: 'IRR',
              gateway: 'sandbox',
            }),
          }),
        ),
      ),
    );
    const created = [];
    for (const { res, ms } of started) {
      starts.push(ms);
      if (res.status === 201) created.push(await res.json());
      else errors++;
    }
    const returns = await Promise.all(
      created.map(async ({ redirect }) => {
        const res = await fetch(redirect.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'action=pay',
          redirect: 'manual',
        });
        return res.headers.get('location');
      }),
    );
    const answers = await Promise.all(returns.map((url) => timed(() => fetch(url, { redirect: 'manual' }))));
    for (const { res, ms } of answers) {
      callbacks.push(ms);
      if (res.status !== 303) errors++;
    }
    const statuses = await Promise.all(
      created.map(async ({ payment }, index) => {
        const res = await fetch(`${origin}/api/v1/payments/${payment.id}`, {
          headers: { Authorization: `Bearer ${buyers[index].token}` },
        });
        return (await res.json()).payment.status;
      }),
    );
    fulfilled += statuses.filter((status) => status === 'fulfilled').length;
  }
  const summary = (values) => ({
    samples: values.length,
    p50Ms: Math.round(percentile(values, 50)),
    p99Ms: Math.round(percentile(values, 99)),
    maxMs: Math.round(Math.max(...values)),
  });
  const result = {
    buyers: BUYERS,
    rounds: ROUNDS,
    start: summary(starts),
    callback: summary(callbacks),
    fulfilled,
    errors,
  };
  log(
    `payments: start p99 ${result.start.p99Ms} ms, callback p99 ${result.callback.p99Ms} ms, ${fulfilled}/${BUYERS * ROUNDS} fulfilled`,
  );
  const complete = fulfilled === BUYERS * ROUNDS && errors === 0;
  result.targets = [
    ['POST /payments', result.start],
    ['GET /payments/callback', result.callback],
  ].map(([path, figures]) => ({
    path,
    target: `p99 < ${TARGET_MS} ms at ${BUYERS} concurrent buyers, every payment fulfilled`,
    measured: `p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms (${figures.samples} payments), ${fulfilled} fulfilled, ${errors} errors`,
    pass: figures.p99Ms < TARGET_MS && complete,
  }));
  return result;
}

export function paymentsMarkdown(result) {
  if (!result) return '';
  return [
    '',
    `## Payments (${result.buyers} concurrent buyers, ${result.rounds} rounds, sandbox bank, embedded database)`,
    '',
    'Each round every buyer starts a wallet charge at the same moment, pays at the sandbox bank, and comes',
    'back through the callback at the same moment (verify with the bank, fulfil, 303 to the result page).',
    '',
    '| step | p50 ms | p99 ms | max ms | samples |',
    '| --- | --- | --- | --- | --- |',
    `| start a payment (\`POST /payments\`) | ${result.start.p50Ms} | ${result.start.p99Ms} | ${result.start.maxMs} | ${result.start.samples} |`,
    `| complete the callback | ${result.callback.p50Ms} | ${result.callback.p99Ms} | ${result.callback.maxMs} | ${result.callback.samples} |`,
    '',
    `Fulfilled: ${result.fulfilled} of ${result.buyers * result.rounds}; errors: ${result.errors}.`,
    '',
  ].join('\n');
}
