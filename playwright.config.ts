import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';

/**
 * Browser tests run against the built production server (server.mjs) on a throwaway data directory.
 * `npm test` builds first and sets the variables below; `npx playwright test` alone also works: server.mjs
 * then builds into DIST_DIR (default dist-e2e) when that build is missing or older than the sources.
 *
 *   E2E_PORT          port of the server under test (default 4455)
 *   E2E_DATA_DIR      its DATA_DIR (default a new temp dir per run); the outbox is E2E_DATA_DIR/outbox.jsonl
 *   DIST_DIR          build folder inside the repository (default dist-e2e)
 *   BUILD             auto | never | always, passed to server.mjs
 *   CHROMIUM_PATH     browser executable (default /usr/bin/chromium); nothing is ever downloaded
 *   E2E_JSON_REPORT   also write a JSON report there (npm test counts tests with it)
 *   E2E_OUTPUT_DIR    traces and screenshots of failures (default test-results)
 *   CAPTCHA_TEST_ANSWER  the captcha answer the server accepts (default 24680; NODE_ENV=test)
 */
const port = Number(process.env['E2E_PORT'] ?? 4455);
// Set once in the runner; the workers inherit it, so tests can read the same directory. A directory
// made up here is removed when the runner exits (after it stopped the web server).
function madeUpDataDir(): string {
  const made = path.join(os.tmpdir(), `cinema-e2e-${process.pid}-${Date.now()}`);
  process.env['E2E_DATA_DIR'] = made;
  process.on('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  return made;
}
export const dataDir: string = process.env['E2E_DATA_DIR'] || madeUpDataDir();
export const outboxFile = path.join(dataDir, 'outbox.jsonl');
export const baseURL = `http://127.0.0.1:${port}`;
export const distDir = process.env['DIST_DIR'] || 'dist-e2e';
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const reporter: ReporterDescription[] = [[process.env['CI'] ? 'line' : 'list']];
if (process.env['E2E_JSON_REPORT']) reporter.push(['json', { outputFile: process.env['E2E_JSON_REPORT'] }]);

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties this folder when it starts: npm test gives each run its own.
  outputDir: process.env['E2E_OUTPUT_DIR'] || 'test-results',
  fullyParallel: true,
  // Two: four were tried and measured in a full run on two cores (decision record 0057): 8 % faster, the
  // load average at 18-22, and twice the tests passing only on their retry (timing and sync bounds).
  workers: 2,
  // Under CI a failing test runs once more: one slow moment of a loaded two-core machine should not sink a
  // 30-minute run. npm test names every test that passed only on its retry (decision record 0037).
  retries: process.env['CI'] ? 1 : 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter,
  timeout: 30_000,
  use: {
    baseURL,
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
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM lets server.mjs close the embedded database cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      OUTBOX_FILE: outboxFile,
      PUBLIC_URL: baseURL,
      TRUST_PROXY: '1',
      DATABASE_URL: '',
      DIST_DIR: distDir,
      BUILD: process.env['BUILD'] ?? 'auto',
      // The contact form's success path solves the captcha with this answer (honoured only in tests).
      NODE_ENV: 'test',
      CAPTCHA_TEST_ANSWER: process.env['CAPTCHA_TEST_ANSWER'] ?? '24680',
    },
  },
});
