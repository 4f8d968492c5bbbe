// Production entry: build if needed, open the database (migrations, demo seed), then serve the built
// Astro app with compression, long-lived caching for hashed assets and a clean shutdown.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';

const root = import.meta.dirname;
process.env.APP_ROOT ??= root;
process.env.ASTRO_TELEMETRY_DISABLED = '1';

const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
const entry = path.join(dist, 'server/entry.mjs');
if (!existsSync(entry) || process.argv.includes('--build')) {
  console.log('Building the site (first start)...');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { getRuntime, shutdownRuntime } = await import(path.join(dist, 'server/runtime.mjs'));
const { handler } = await import(entry);
const { ctx } = await getRuntime();

const compress = compression({
  threshold: 1024,
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
});

const server = http.createServer((req, res) => {
  // Astro fingerprints everything under /_astro/, so those bytes never change under the same name.
  if (req.url?.startsWith('/_astro/')) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  }
  compress(req, res, () => {
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  });
});
server.keepAliveTimeout = 65_000;

server.listen(ctx.config.port, ctx.config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.port;
  console.log(`Serving on http://${ctx.config.host}:${port} (database: ${ctx.database.kind})`);
});

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await shutdownRuntime();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
