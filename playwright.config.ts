import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Browser tests run against the built production server (server.mjs) on a throwaway data directory. */
const port = Number(process.env['E2E_PORT'] ?? 4455);
const dataDir = path.join(os.tmpdir(), `cinema-e2e-${process.pid}`);
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env['CI'] ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '1',
      DATABASE_URL: '',
      DIST_DIR: process.env['DIST_DIR'] ?? 'dist',
    },
  },
});
