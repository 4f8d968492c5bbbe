import { createApi, type Api } from './api/app';
import { loadConfig, type Config } from './config';
import { startReconciler } from './commerce/reconcile';
import { startRenewals } from './commerce/renewal';
import { closeAppContext, createAppContext, type AppContext } from './context';
import { setLogLevel } from './core/log';
import { serveMetrics, type MetricsServer } from './core/metrics';
import { startMediaPackaging } from './media/packaging-jobs';
import { startNoticeDelivery } from './notify/queue';
import { startScreeningReminders } from './screenings/reminders';
import { startCartCleanup } from './shop/cart-cleanup';

// server.mjs passes every request through this first: its id, one log line and its metrics.
export { observed } from './web/observe';
// ...logs through the runtime's logger...
export { captureConsole, log } from './core/log';
// It answers cached responses before Astro; it reaches the pages' cache instance through here.
export { serveCached } from './web/response-cache';
// ...answers signed media files before Astro (decision record 0025)...
export { serveMediaAtTheDoor } from './web/media-door';
// ...and the screening chat's event streams (decision record 0048)...
export { serveChatStreamAtTheDoor } from './web/chat-door';
// ...and refuses, before Astro, what Astro would answer outside the API's contract.
export { refuseAtTheDoor } from './web/front-door';
// Every answer carries HSTS when the site is reached over https.
export { strictTransportSecurity } from './web/page-security';
// On SIGTERM it says "not ready" (GET /api/v1/health/ready) before it stops accepting.
export { startDraining } from './core/readiness';
// It reads the configuration itself, from the environment as the operator gave it (decision record 0032).
export { loadConfig } from './config';
// `npm run migrate` applies the migrations and exits, a release step (decision record 0033).
export { migrateDatabase } from './db/migrate';
// `npm run storage:migrate` copies DATA_DIR's kept files into the bucket (decision record 0047).
export { migrateDataDirToStorage } from './storage-migration';

export interface Runtime {
  ctx: AppContext;
  api: Api;
  /** Stop the periodic payment reconciliation and direct-debit renewals (before the database closes). */
  stopReconciler: () => Promise<void>;
  stopRenewals: () => Promise<void>;
  /** Stop deleting forgotten guest carts. */
  stopCartCleanup: () => Promise<void>;
  /** Stop packaging uploaded videos (an unfinished one starts over at the next start). */
  stopPackaging: () => Promise<void>;
  /** Stop queueing screening reminders. */
  stopReminders: () => Promise<void>;
  /** Stop delivering queued notices (reminders, receipt e-mails); what is left goes after the next start. */
  stopNotices: () => Promise<void>;
  /** GET /metrics on METRICS_HOST:METRICS_PORT, when METRICS_PORT is set. */
  metrics: MetricsServer | undefined;
}

let starting: Promise<Runtime> | undefined;

/**
 * The process-wide runtime: opened once (migrations, seed), shared by server.mjs, pages and the API.
 * server.mjs opens it first with the configuration it read; elsewhere (astro dev) it reads process.env.
 */
export function getRuntime(config?: Config): Promise<Runtime> {
  starting ??= (async () => {
    const ctx = await createAppContext(config ?? loadConfig());
    setLogLevel(ctx.config.logLevel);
    return {
      ctx,
      api: createApi(ctx),
      stopReconciler: startReconciler(ctx),
      stopRenewals: startRenewals(ctx),
      stopCartCleanup: startCartCleanup(ctx),
      stopPackaging: startMediaPackaging(ctx),
      stopReminders: startScreeningReminders(ctx),
      stopNotices: startNoticeDelivery(ctx),
      metrics:
        ctx.config.metrics && (await serveMetrics(ctx, ctx.config.metrics.host, ctx.config.metrics.port)),
    };
  })();
  return starting;
}

export async function shutdownRuntime(): Promise<void> {
  if (!starting) return;
  const runtime = await starting;
  starting = undefined;
  await runtime.metrics?.close();
  await runtime.stopReminders();
  await runtime.stopNotices();
  await runtime.stopPackaging();
  await runtime.stopCartCleanup();
  await runtime.stopRenewals();
  await runtime.stopReconciler();
  await closeAppContext(runtime.ctx);
}
