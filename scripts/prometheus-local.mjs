// A private Prometheus for the metrics test (decision record 0034): Debian's binary (the prometheus
// package, which also brings promtool) with a generated configuration that scrapes the given targets
// every second, its storage in a temporary directory, listening on a free port of 127.0.0.1. Never the
// system's Prometheus.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isExecutable, waitForUrl } from './lib.mjs';

export const prometheusPath = () => process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';
export const promtoolPath = () => process.env.PROMTOOL_PATH || '/usr/bin/promtool';

/** Refuses, naming the package, when a binary is missing: the tests that need it fail, never skip. */
export function requirePrometheus(binary = prometheusPath()) {
  if (!isExecutable(binary)) {
    throw new Error(
      `no ${path.basename(binary)} at ${binary}: apt-get install prometheus (or set PROMETHEUS_PATH / PROMTOOL_PATH)`,
    );
  }
  return binary;
}

/**
 * @param {{ job: string, targets: string[], ruleFiles?: string[] }} options
 *   targets: host:port pairs that answer GET /metrics
 * @returns {Promise<{ origin: string, query: (expression: string) => Promise<Array<{ metric: Record<string, string>, value: [number, string] }>>, stop: () => Promise<void> }>}
 */
export async function startPrometheus({ job, targets, ruleFiles = [] }) {
  const binary = requirePrometheus();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-prometheus-'));
  const port = await freePort();
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  evaluation_interval: 1s',
    ...(ruleFiles.length ? ['rule_files:', ...ruleFiles.map((file) => `  - ${JSON.stringify(file)}`)] : []),
    'scrape_configs:',
    `  - job_name: ${JSON.stringify(job)}`,
    '    static_configs:',
    `      - targets: ${JSON.stringify(targets)}`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
  let output = '';
  const child = spawn(
    binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let alive = true;
  const exited = new Promise((resolve) =>
    child.on('exit', () => {
      alive = false;
      resolve(undefined);
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (alive) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForUrl(`${origin}/-/ready`, 60_000, () => alive);
  } catch (error) {
    await stop();
    throw new Error(`prometheus did not start: ${output}`, { cause: error });
  }
  return {
    origin,
    async query(expression) {
      const res = await fetch(`${origin}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = await res.json();
      if (body.status !== 'success') throw new Error(`query ${expression}: ${JSON.stringify(body)}`);
      return body.data.result;
    },
    stop,
  };
}
