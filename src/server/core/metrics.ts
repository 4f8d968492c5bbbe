import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import client from 'prom-client';
import type { AppContext } from '../context';
import { notices, payments } from '../db/schema';
import { log } from './log';
import { readiness } from './readiness';

/**
 * The server's Prometheus metrics (decision record 0034): one registry per process, served only on a
 * separate address (METRICS_HOST:METRICS_PORT, loopback by default), never on the public port. Labels
 * are bounded sets (route families, gateways, statuses, task names), never ids or paths.
 */

export const registry = new client.Registry();
// Process CPU, memory, handles, GC and event-loop delay (nodejs_eventloop_lag_*).
client.collectDefaultMetrics({ register: registry });

const registers = [registry];

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by route family, method and status',
  labelNames: ['family', 'method', 'status'] as const,
  registers,
});

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by route family',
  labelNames: ['family'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const paymentsByStatus = new client.Counter({
  name: 'cinema_payments_total',
  help: 'Payments that reached a status (started, at_gateway, verified, paid, failed, ...), by gateway',
  labelNames: ['gateway', 'status'] as const,
  registers,
});

export const codesSent = new client.Counter({
  name: 'cinema_codes_sent_total',
  help: 'Login and verification codes handed to a transport, by channel, transport and outcome',
  labelNames: ['channel', 'transport', 'outcome'] as const,
  registers,
});

export const noticesHandled = new client.Counter({
  name: 'cinema_notices_total',
  help: 'Attempts of queued notices (reminders, receipt e-mails), by kind and outcome: sent, failed (tried again later), gave_up, dropped (no longer wanted)',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});

export const rateLimitRefusals = new client.Counter({
  name: 'cinema_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit (429), by rule',
  labelNames: ['rule'] as const,
  registers,
});

export const jobRuns = new client.Counter({
  name: 'cinema_job_runs_total',
  help: 'Runs of periodic jobs (reconciliation, renewals, clean-ups), by task and outcome',
  // Not `job`: Prometheus gives that label to the scrape target.
  labelNames: ['task', 'outcome'] as const,
  registers,
});

export const jobDuration = new client.Histogram({
  name: 'cinema_job_duration_seconds',
  help: 'Duration of periodic job runs, by task',
  labelNames: ['task'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers,
});

export const jobLastSuccess = new client.Gauge({
  name: 'cinema_job_last_success_timestamp_seconds',
  help: 'When a periodic job last ran to the end on this instance (Unix time), by task',
  labelNames: ['task'] as const,
  registers,
});

/** The context whose database the scrape-time gauges ask (the one serving metrics). */
let source: AppContext | undefined;

/** Asks the database at scrape time; on failure the series is left out of that scrape and logged. */
function scrapeGauge<L extends string>(
  options: { name: string; help: string; labelNames?: readonly L[] },
  read: (ctx: AppContext, gauge: client.Gauge<L>) => Promise<void>,
) {
  return new client.Gauge<L>({
    ...options,
    registers,
    async collect() {
      this.reset();
      if (!source) return;
      try {
        await read(source, this);
      } catch (error) {
        log.warn({ err: error, metric: options.name }, 'metrics: the database did not answer a scrape');
      }
    },
  });
}

new client.Gauge({
  name: 'cinema_ready',
  help: '1 when this instance is ready for traffic (GET /api/v1/health/ready: the database answers, migrations are applied, not draining), else 0',
  registers,
  async collect() {
    this.reset();
    if (!source) return;
    // An unexpected failure of the check is not ready either (and must not fail the whole scrape).
    const answer = await readiness(source).catch(() => ({ ready: false }));
    this.set(answer.ready ? 1 : 0);
  },
});

/** How long a scrape waits for the database's answer before it reports the database down. */
const DATABASE_DEADLINE_MS = 2_000;

new client.Gauge({
  name: 'cinema_database_up',
  help: `1 when the database answered SELECT 1 within ${DATABASE_DEADLINE_MS / 1000} s at this scrape, else 0`,
  registers,
  async collect() {
    this.reset();
    if (!source) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_DEADLINE_MS);
    });
    const answered = source.database.db.execute(sql`SELECT 1`).then(
      () => true,
      () => false,
    );
    this.set((await Promise.race([answered, late])) ? 1 : 0);
    clearTimeout(timer);
  },
});

/** Open payments whose deadline has passed: reconciliation should have moved them on (every minute). */
scrapeGauge(
  {
    name: 'cinema_payments_stuck',
    help: 'Payments still started, at the gateway or verified after their deadline (reconciliation backlog)',
  },
  async (ctx, gauge) => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(
        and(
          inArray(payments.status, ['started', 'at_gateway', 'verified']),
          lte(payments.expiresAt, ctx.clock.now()),
        ),
      );
    gauge.set(row?.n ?? 0);
  },
);

/** Queued notices due and not delivered yet: grows while a provider refuses or the job does not run. */
scrapeGauge(
  {
    name: 'cinema_notices_waiting',
    help: 'Queued notices (reminders, receipt e-mails) due and not yet sent, dropped or given up',
  },
  async (ctx, gauge) => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notices)
      .where(and(isNull(notices.doneAt), lte(notices.dueAt, ctx.clock.now())));
    gauge.set(row?.n ?? 0);
  },
);

/**
 * PostgreSQL only: the connections to this database by state, seen by the server (every instance's
 * pool and any other client), against this instance's pool size. postgres.js keeps its pool to itself.
 */
scrapeGauge(
  {
    name: 'cinema_db_connections',
    help: 'Connections to the database by state (all clients of the database, from pg_stat_activity)',
    labelNames: ['state'] as const,
  },
  async (ctx, gauge) => {
    if (ctx.database.kind !== 'postgres') return;
    const rows = await ctx.database.db.execute<{ state: string | null; n: number }>(
      sql`SELECT coalesce(state, 'unknown') AS state, count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND backend_type = 'client backend' GROUP BY 1`,
    );
    for (const row of rows as unknown as Iterable<{ state: string; n: number }>) {
      gauge.set({ state: row.state }, row.n);
    }
  },
);

export interface MetricsServer {
  /** `http://host:port`, the port the system gave when 0 was asked. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics on its own address (METRICS_HOST:METRICS_PORT) for Prometheus; the public
 * port never answers it. Its gauges that ask the database ask `ctx`'s.
 */
export async function serveMetrics(ctx: AppContext, host: string, port: number): Promise<MetricsServer> {
  source = ctx;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: the scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.address.includes(':') ? `[${address.address}]` : address.address;
  log.info(
    { host: address.address, port: address.port },
    `Metrics on http://${shown}:${address.port}/metrics`,
  );
  return {
    origin: `http://${shown}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (source === ctx) source = undefined;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
