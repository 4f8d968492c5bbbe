// Helpers shared by the benchmarks that start their own server (chat, sync, media-run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv, freePort, root, sleep, waitForUrl } from '../scripts/lib.mjs';

/**
 * server.mjs on 127.0.0.1 with a fresh DATA_DIR (PGlite, demo data) and `env` on top. DIST_DIR defaults
 * to dist-bench and BUILD to auto, so a build runs first when the sources are newer: that takes minutes
 * on two cores, hence the long wait for readiness. `stdout: 'inherit'` shows the server's log.
 * Resolves once the server is ready; stop() ends it (SIGKILL after 10 s) and removes DATA_DIR.
 */
export async function startBenchServer({ name, env = {}, stdout = 'ignore', log = () => {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cinema-bench-${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    env: childEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: origin,
      DIST_DIR: process.env.DIST_DIR ?? 'dist-bench',
      BUILD: process.env.BUILD ?? 'auto',
      ...env,
    }),
  });
  let alive = true;
  const exited = new Promise((resolve) => server.on('exit', () => resolve((alive = false))));
  const stop = async () => {
    if (alive) server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (alive) server.kill('SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  log(`server.mjs on ${origin} (DATA_DIR ${dataDir}); building if stale`);
  try {
    await waitForUrl(`${origin}/api/v1/health/ready`, 20 * 60_000, () => alive);
  } catch (error) {
    await stop();
    throw error;
  }
  log(`server.mjs up on ${origin}`);
  return { origin, dataDir, pid: server.pid, alive: () => alive, stop };
}
