// Production entry: build if needed, open the database (migrations, demo seed), then serve the built
// Astro app with compression, long-lived caching for hashed assets and a clean shutdown.
//
//   node server.mjs            build when dist is missing or older than the sources, then serve
//   node server.mjs --build    always build first
//
// Environment: HOST, PORT, DATA_DIR, DATABASE_URL, PUBLIC_URL, TRUST_PROXY, OUTBOX_FILE, SEED_DEMO
// and the rest (read by src/server/config.ts), DIST_DIR and BUILD=auto|always|never (read here).
// Production mode (NODE_ENV=production or a PostgreSQL DATABASE_URL) never builds: `npm run build` first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import { lockDataDir } from './scripts/data-dir-lock.mjs';

const root = import.meta.dirname;
process.env.APP_ROOT ??= root;
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// The configuration, production mode included, is read from the environment as the operator gave it:
// the defaults below are for libraries (decision record 0032).
const operatorEnv = { ...process.env };
if (process.argv.includes('--build')) operatorEnv.BUILD = 'always';
// React and other externals pick their production builds only when NODE_ENV says so.
process.env.NODE_ENV ??= 'production';
// The adapter runs in standalone mode only for its handler (static files + pages); we own the server.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

function fail(message) {
  console.error(`server.mjs: ${message}`);
  process.exit(1);
}

const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 22) {
  fail(`Node ${process.versions.node} is too old; run \`npm start\` (it uses the pinned Node 24).`);
}

// ---------------------------------------------------------------------------------------------------
// Build when needed
// ---------------------------------------------------------------------------------------------------
const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
if (path.relative(root, dist).startsWith('..') || path.isAbsolute(path.relative(root, dist))) {
  // The built chunks import packages by name, which Node resolves from node_modules above them.
  fail(`DIST_DIR (${dist}) must be inside ${root} so the build can resolve node_modules.`);
}
const entry = path.join(dist, 'server/entry.mjs');

/** Newest modification time among the inputs of the build. */
function newestSource() {
  let newest = 0;
  const visit = (target) => {
    let stat;
    try {
      stat = fs.statSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(target)) visit(path.join(target, name));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const item of ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json']) {
    visit(path.join(root, item));
  }
  return newest;
}

// (Node runs this TypeScript file as it is; it has no imports.)
const { runModeOf } = await import('./src/server/run-mode.ts');
// Production mode serves the build made before it; src/server/config.ts refuses a BUILD other than never.
const production = runModeOf(operatorEnv) === 'production';
const buildMode = production ? 'never' : operatorEnv.BUILD || 'auto';
if (!['auto', 'always', 'never'].includes(buildMode)) fail(`BUILD must be auto, always or never`);
let buildReason;
if (buildMode === 'always') buildReason = 'requested';
else if (!fs.existsSync(entry)) buildReason = buildMode === 'never' ? undefined : 'no build yet';
else if (buildMode === 'auto' && newestSource() > fs.statSync(entry).mtimeMs) {
  buildReason = 'sources changed since the last build';
}
if (!fs.existsSync(entry) && buildMode === 'never') {
  fail(
    `no build at ${dist} and ${production ? 'production mode never builds: run `npm run build` first' : 'BUILD=never'}`,
  );
}
if (buildReason) {
  console.log(`Building the site into ${path.relative(root, dist) || '.'} (${buildReason})...`);
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DIST_DIR: dist, NODE_ENV: 'production' },
  });
  if (result.status !== 0) fail(`the build failed (exit ${result.status ?? result.signal})`);
}

// ---------------------------------------------------------------------------------------------------
// One embedded database per data directory
// ---------------------------------------------------------------------------------------------------
const databaseUrl = process.env.DATABASE_URL || '';
if (!databaseUrl.startsWith('postgres')) {
  // PGlite is single-process: a second server on the same files would corrupt them.
  const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    lockDataDir(dataDir);
  } catch (error) {
    fail(error.message);
  }
}

// Open the database (migrations, demo seed) before listening; pages and API share this instance.
const { loadConfig, getRuntime, shutdownRuntime, serveCached, serveMediaAtTheDoor, refuseAtTheDoor } =
  await import(path.join(dist, 'server/runtime.mjs'));
let config;
try {
  config = loadConfig(operatorEnv);
} catch (error) {
  fail(error.message);
}
// The runtime's logger: JSON lines from here on, libraries' console output included (what came before
// it is plain text).
const { captureConsole, log, observed } = await import(path.join(dist, 'server/runtime.mjs'));
captureConsole();
let runtime;
try {
  runtime = await getRuntime(config);
} catch (error) {
  log.error({ err: error }, 'could not open the database');
  fail('could not open the database');
}
const { ctx } = runtime;
const { handler } = await import(entry);

// ---------------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------------
const compress = compression({
  threshold: 1024,
  // Quality 5 compresses about as well as gzip -9 at a fraction of brotli 11's cost per request.
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
});

const isHtml = (res) => String(res.getHeader('Content-Type') ?? '').startsWith('text/html');

// Slow and idle clients (the proxy in front should cap them tighter: docs/deployment.md). Headers must
// arrive within 20 s; a whole request within 2 minutes (an avatar upload on a slow mobile link fits);
// an idle keep-alive connection closes after 65 s, later than the 60 s idle timeout of common load
// balancers, so that they close first and never send a request down a connection we are closing.
// Node checks the first two every 5 s instead of every 30.
const timeouts = {
  headersTimeout: 20_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 5_000,
};

/** Astro: static files from dist/client, the pages and (through its endpoint) the API. */
function site(req, res) {
  // Pages and API reads that are the same for every visitor of a kind, already rendered and compressed
  // (src/server/web/response-cache.ts): answered here, without Astro, Hono or per-request compression.
  if (serveCached(ctx, req, res)) return;
  compress(req, res, () => {
    // Astro streams HTML in chunks; without a flush the compressor would hold the early chunks (the
    // <head>) until the page ends. Flush once per turn of the event loop, after the chunks written
    // together, so streaming still reaches the browser while compression stays effective.
    const write = res.write;
    let flushPending = false;
    res.write = function (...args) {
      const result = write.apply(this, args);
      if (!flushPending && typeof res.flush === 'function' && isHtml(res)) {
        flushPending = true;
        setImmediate(() => {
          flushPending = false;
          if (!res.writableEnded) res.flush();
        });
      }
      return result;
    };
    // Static files never go through Astro's middleware, which sets the pages' security headers.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Static files from dist/client (send: ETag, ranges, `immutable` for /_astro/), then the pages.
    handler(req, res);
  });
}

const { strictTransportSecurity, serveChatStreamAtTheDoor } = await import(
  path.join(dist, 'server/runtime.mjs')
);
const hsts = strictTransportSecurity(ctx.config.publicUrl);

/** Every request, after its id, log line and metrics are arranged (src/server/web/observe.ts). */
function serve(req, res) {
  // Behind TLS every answer (pages, files, API, media, refusals) tells browsers to stay on https.
  if (hsts) res.setHeader('Strict-Transport-Security', hsts);
  // Methods and /api/ addresses Astro cannot answer within the API's contract (TRACE, malformed
  // percent-encoding, control characters): refused here, in the API's error shape.
  if (refuseAtTheDoor(req, res)) return;
  // Signed media files (segments every two seconds per viewer): sent from memory without Astro, Hono or
  // compression (their bytes are encrypted video); refusals go on to the API (decision record 0025).
  if (serveMediaAtTheDoor(ctx, req, res, () => site(req, res))) return;
  // The screening chat's event streams (thousands per instance, each event written to all at once):
  // written straight to the response, without Astro, Hono or compression (decision record 0048);
  // refusals go on to the API.
  if (serveChatStreamAtTheDoor(ctx, req, res, () => site(req, res))) return;
  site(req, res);
}

const server = http.createServer(timeouts, observed(serve));

server.on('error', async (error) => {
  log.fatal({ err: error }, `cannot listen on ${ctx.config.host}:${ctx.config.port}: ${error.message}`);
  await shutdownRuntime().catch(() => {});
  process.exit(1);
});

server.listen(ctx.config.port, ctx.config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.port;
  const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  log.info({ port }, `Serving on http://${host}:${port} (database: ${ctx.database.kind})`);
});

// Readiness (GET /api/v1/health/ready) says no once a shutdown begins, before the server stops accepting.
const { startDraining } = await import(path.join(dist, 'server/runtime.mjs'));
let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  log.info({ signal }, `${signal}: closing`);
  const drainMs = ctx.config.drainSeconds * 1000;
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000 + drainMs);
  force.unref();
  startDraining(ctx);
  // Keep serving while the load balancer notices the 503 from readiness and sends no more requests here.
  if (drainMs > 0) {
    log.info({ drainSeconds: ctx.config.drainSeconds }, 'draining: readiness says no, still serving');
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  // Stop accepting, let requests in flight finish (at most 5 s), then close the database.
  const closed = new Promise((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const late = setTimeout(() => server.closeAllConnections(), 5_000);
  await closed;
  clearTimeout(late);
  try {
    await shutdownRuntime();
  } catch (error) {
    log.error({ err: error }, 'closing the database failed');
    process.exit(1);
  }
  log.info('Database closed');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
