import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '~/server/commerce/reconcile';
import { serveMetrics, type MetricsServer } from '~/server/core/metrics';
import { runPeriodically } from '~/server/core/periodic';
import { startDraining } from '~/server/core/readiness';
import { startPrometheus } from '../../scripts/prometheus-local.mjs';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, payAtBank, pricedTitle } from './commerce-fixtures';
import { databaseUnderTest } from './harness';

/**
 * The Prometheus endpoint as an operator uses it: a real Prometheus (Debian's package) scrapes it and
 * answers a payment counter through its HTTP API; the reconciliation backlog, codes sent and rate-limit
 * refusals read from the endpoint itself.
 */

let app: AccountsApp;
let metrics: MetricsServer;

beforeAll(async () => {
  app = await startAccountsApp();
  metrics = await serveMetrics(app.ctx, '127.0.0.1', 0);
});

afterAll(async () => {
  await metrics?.close();
  await app?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${metrics.origin}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one series in the exposition text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`metrics (${databaseUnderTest})`, () => {
  it('Prometheus scrapes the endpoint and reads back a payment made at the sandbox bank', async () => {
    const prometheus = await startPrometheus({ job: 'cinema', targets: [new URL(metrics.origin).host] });
    try {
      const film = await pricedTitle(app);
      const viewer = await newViewer(app);
      const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
      await payAtBank(app, created);
      expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');

      const fulfilled = 'cinema_payments_total{gateway="sandbox",status="fulfilled"}';
      await expect
        .poll(async () => (await prometheus.query(fulfilled)).map((row) => row.value[1]), {
          timeout: 20_000,
          interval: 500,
        })
        .toEqual(['1']);
      const up = await prometheus.query('up{job="cinema"}');
      expect(up.map((row) => row.value[1])).toEqual(['1']);
      // Each step of the payment, by gateway: the timeline an operator graphs.
      const steps = await prometheus.query('cinema_payments_total{gateway="sandbox"}');
      expect(Object.fromEntries(steps.map((row) => [row.metric['status'], row.value[1]]))).toEqual({
        started: '1',
        at_gateway: '1',
        verified: '1',
        fulfilled: '1',
      });
    } finally {
      await prometheus.stop();
    }
  });

  it('counts payments past their deadline as the reconciliation backlog until reconciliation ends them', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    expect(created.payment.status).toBe('at_gateway');
    expect(sample(await scrape(), 'cinema_payments_stuck')).toBe(0);

    // The viewer never comes back from the bank and reconciliation does not run: stuck.
    app.clock.advance(app.ctx.config.paymentTtlMinutes * 60 + 1);
    expect(sample(await scrape(), 'cinema_payments_stuck')).toBe(1);

    await reconcilePayments(app.ctx);
    expect((await viewer.payment(created.payment.id)).status).toBe('expired');
    const text = await scrape();
    expect(sample(text, 'cinema_payments_stuck')).toBe(0);
    expect(sample(text, 'cinema_payments_total{gateway="sandbox",status="expired"}')).toBe(1);
  });

  it('counts codes sent and rate-limit refusals', async () => {
    const before = await scrape();
    const sent = 'cinema_codes_sent_total{channel="sms",transport="outbox",outcome="sent"}';
    const refused = 'cinema_rate_limit_refusals_total{rule="code-user-minute"}';
    const userName = '09121110077';
    const init = await app.post('/auth/init', { user_name: userName });
    expect(init.status).toBe(200);
    const { remember_token } = (await init.json()) as { remember_token: string };
    const again = await app.post('/auth/resend-code', { user_name: userName, remember_token });
    expect(again.status).toBe(429);

    const after = await scrape();
    expect(sample(after, sent)).toBe((sample(before, sent) ?? 0) + 1);
    expect(sample(after, refused)).toBe((sample(before, refused) ?? 0) + 1);
  });

  it('counts periodic job runs by outcome and times them; a run another instance holds is skipped', async () => {
    let calls = 0;
    const stop = runPeriodically(
      app.ctx.database,
      'metrics-test',
      async () => {
        if (++calls === 2) throw new Error('the second run fails');
      },
      20,
    );
    await expect.poll(() => calls).toBeGreaterThanOrEqual(3);
    await stop();
    const text = await scrape();
    expect(sample(text, 'cinema_job_runs_total{task="metrics-test",outcome="failed"}')).toBe(1);
    expect(sample(text, 'cinema_job_runs_total{task="metrics-test",outcome="succeeded"}')).toBe(calls - 1);
    expect(sample(text, 'cinema_job_duration_seconds_count{task="metrics-test"}')).toBe(calls);
    expect(sample(text, 'cinema_job_last_success_timestamp_seconds{task="metrics-test"}')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );

    if (databaseUnderTest === 'postgres') {
      // Another instance holds the job's lock: this one skips the run and says so.
      let release = () => {};
      let holding = () => {};
      const holds = new Promise<void>((resolve) => (holding = resolve));
      const held = app.ctx.database.exclusively('job:metrics-held', () => {
        holding();
        return new Promise<void>((resolve) => (release = resolve));
      });
      await holds;
      const stopHeld = runPeriodically(app.ctx.database, 'metrics-held', async () => {}, 60_000);
      await stopHeld();
      release();
      await held;
      expect(sample(await scrape(), 'cinema_job_runs_total{task="metrics-held",outcome="skipped"}')).toBe(1);
    }
  });

  it('reports the event-loop delay and, on PostgreSQL, the database connections by state', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    const active = sample(text, 'cinema_db_connections{state="active"}');
    if (databaseUnderTest === 'postgres') expect(active).toBeGreaterThanOrEqual(1);
    else expect(active).toBeUndefined();
  });

  it('reports readiness as the load balancer sees it: ready, then not once draining', async () => {
    const before = await scrape();
    expect(sample(before, 'cinema_ready')).toBe(1);
    expect(sample(before, 'cinema_database_up')).toBe(1);
    startDraining(app.ctx);
    const after = await scrape();
    expect(sample(after, 'cinema_ready')).toBe(0);
    expect(sample(after, 'cinema_database_up')).toBe(1);
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(`${metrics.origin}/`)).status).toBe(404);
    expect((await fetch(`${metrics.origin}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
