// `npm test`: every check the project has, in order, stopping at the first failure. Lint and the type
// check run side by side, each showing its output when it ends (decision record 0057).
//
//   node scripts/test.mjs                 all steps
//   node scripts/test.mjs pg e2e          only the named steps (browser, nginx, prometheus, lint, typecheck, vitest, pg, storage, e2e)
//   node scripts/test.mjs --keep-going    run every step even after a failure (still exits non-zero)
//
// Ends with a line `N passed, N failed` (all vitest and Playwright tests) and a non-zero exit on failure.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  aptInstall,
  childEnv,
  chromiumPath,
  findPostgresBin,
  freePort,
  hasAptGet,
  isExecutable,
  isRoot,
  killChildren,
  root,
  run,
  ensurePinnedNode,
  startPostgres,
  tool,
} from './lib.mjs';
import { hasNginx, nginxPath } from './nginx-local.mjs';
import { prometheusPath, promtoolPath } from './prometheus-local.mjs';

ensurePinnedNode();

/**
 * The output file of the step running in this async context, when steps run side by side (see `together`
 * below): their children write there, and the step's output is shown in one piece when it ends.
 */
const stepOutput = new AsyncLocalStorage();

/** lib.mjs `run`, its output going where the running step's goes. */
function exec(command, args, options = {}) {
  const fd = stepOutput.getStore();
  return run(command, args, fd === undefined ? options : { stdio: ['ignore', fd, fd], ...options });
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-test-reports-'));
const cleanups = [() => fs.rmSync(reports, { recursive: true, force: true })];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Browser tests that passed only on their retry, by file, line and title. */
const flaky = [];
/** @type {{ name: string, title: string, status: 'passed' | 'failed' | 'not run', seconds?: number, note?: string }[]} */
const results = [];

// ---------------------------------------------------------------------------------------------------
// Counting tests from the JSON reporters
// ---------------------------------------------------------------------------------------------------
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Adds a vitest JSON report to the totals; a file that failed without a failing test counts as one. */
function countVitest(file, exitCode) {
  const report = readJson(file);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (report) {
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      const failing = (suite.assertionResults ?? []).some((test) => test.status === 'failed');
      if (suite.status === 'failed' && !failing) failed += 1; // did not load, or failed in a hook
    }
  }
  if (exitCode !== 0 && failed === 0) failed = 1; // unhandled errors, crash, no report
  return add(passed, failed, skipped);
}

/** Adds a Playwright JSON report to the totals; global errors (e.g. the web server) count as failures. */
function countPlaywright(file, exitCode) {
  const report = readJson(file);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (report?.stats) {
    passed = (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    failed = report.stats.unexpected ?? 0;
    skipped = report.stats.skipped ?? 0;
    failed += (report.errors ?? []).length;
  }
  if (exitCode !== 0 && failed === 0) failed = 1;
  const counted = add(passed, failed, skipped);
  const retried = flakyTests(report);
  return retried.length ? `${counted} (${retried.length} only on retry)` : counted;
}

/**
 * The tests that failed first and passed on their retry (playwright.config.ts retries once under CI):
 * they pass the run, and each is named in the summary so that nobody mistakes them for steady.
 */
function flakyTests(report) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') names.push(`${spec.file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  flaky.push(...names);
  return names;
}

function add(passed, failed, skipped) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

// ---------------------------------------------------------------------------------------------------
// Steps: each returns { ok, note? }
// ---------------------------------------------------------------------------------------------------
async function browser() {
  const chromium = chromiumPath();
  if (isExecutable(chromium)) return { ok: true, note: chromium };
  if (process.env.CHROMIUM_PATH) {
    console.error(
      `CHROMIUM_PATH=${chromium} is not an executable file. Point it at a Chromium or Chrome binary, or unset` +
        ' it to use /usr/bin/chromium (Debian: apt-get install chromium).',
    );
    return { ok: false, note: 'CHROMIUM_PATH is not executable' };
  }
  if (isRoot() && hasAptGet()) {
    console.log(`No browser at ${chromium}: installing Debian's chromium package (running as root).`);
    if ((await aptInstall(['chromium'])) && isExecutable(chromium)) {
      return { ok: true, note: `${chromium} (installed now)` };
    }
  }
  console.error(
    [
      `No Chromium found at ${chromium}. The browser tests and the benchmark need one; nothing is downloaded.`,
      'Get one of these:',
      '  Debian/Ubuntu:  sudo apt-get install chromium    (then rerun npm test)',
      '  any other:      CHROMIUM_PATH=/path/to/chrome-or-chromium npm test',
    ].join('\n'),
  );
  return { ok: false, note: 'no Chromium' };
}

/** The media integration test starts its own nginx (tests/integration/media-nginx.test.ts). */
async function nginx() {
  if (hasNginx()) return { ok: true, note: nginxPath() };
  if (isRoot() && hasAptGet()) {
    console.log(`No nginx at ${nginxPath()}: installing Debian's nginx-light package (running as root).`);
    if (await aptInstall(['nginx-light'])) {
      // The package starts the system's nginx on port 80; the test runs its own, so stop that one.
      await exec('sh', ['-c', 'service nginx stop >/dev/null 2>&1 || nginx -s stop >/dev/null 2>&1; true']);
      if (hasNginx()) return { ok: true, note: `${nginxPath()} (installed now)` };
    }
  }
  console.error(
    [
      `No nginx at ${nginxPath()}. The media integration test runs the repository's nginx configuration.`,
      'Get it with:  sudo apt-get install nginx-light   (or set NGINX_PATH=/path/to/nginx)',
    ].join('\n'),
  );
  return { ok: false, note: 'no nginx' };
}

/** The metrics test scrapes with a real Prometheus; the alert rules test runs promtool (decision record 0034). */
async function prometheus() {
  const found = () => isExecutable(prometheusPath()) && isExecutable(promtoolPath());
  if (found()) return { ok: true, note: prometheusPath() };
  if (isRoot() && hasAptGet()) {
    console.log(
      `No Prometheus at ${prometheusPath()}: installing Debian's prometheus package (running as root).`,
    );
    if (await aptInstall(['prometheus'])) {
      // The package starts the system's Prometheus on port 9090; the test runs its own, so stop that one.
      await exec('sh', ['-c', 'service prometheus stop >/dev/null 2>&1; true']);
      if (found()) return { ok: true, note: `${prometheusPath()} (installed now)` };
    }
  }
  console.error(
    [
      `No prometheus and promtool at ${prometheusPath()}, ${promtoolPath()}. The metrics test scrapes the server with a real Prometheus and the alert rules are checked with promtool.`,
      'Get them with:  sudo apt-get install prometheus   (or set PROMETHEUS_PATH and PROMTOOL_PATH)',
    ].join('\n'),
  );
  return { ok: false, note: 'no prometheus' };
}

async function lint() {
  if ((await exec(tool('eslint'), ['--max-warnings', '0', '.'])) !== 0) return { ok: false, note: 'eslint' };
  if ((await exec(tool('prettier'), ['--check', '.'])) !== 0) {
    return { ok: false, note: 'prettier (npm run format fixes it)' };
  }
  // The layering of shared/DESIGN.md (.dependency-cruiser.mjs, decision record 0038).
  if ((await exec(tool('depcruise'), ['src'])) !== 0) {
    return { ok: false, note: 'layers (depcruise: npm run lint:layers says why)' };
  }
  return { ok: true };
}

async function typecheck() {
  // CI=true keeps astro from asking questions; stdin is closed anyway.
  const code = await exec(tool('astro'), ['check'], { env: childEnv({ CI: 'true' }) });
  return { ok: code === 0 };
}

async function vitest() {
  const file = path.join(reports, 'vitest-pglite.json');
  const code = await exec(tool('vitest'), [
    'run',
    '--project',
    'unit',
    '--project',
    'integration',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  return { ok: code === 0, note: countVitest(file, code) };
}

async function pg() {
  let binDir = findPostgresBin();
  if (!binDir && isRoot() && hasAptGet()) {
    console.log("No PostgreSQL server binaries: installing Debian's postgresql package (running as root).");
    if (await aptInstall(['postgresql'])) {
      // The package may create and start its own cluster (port 5432); ours uses a free port and its own
      // socket directory, so it does not matter, but stop it so it does not hold memory during the run.
      await exec('sh', [
        '-c',
        'command -v pg_ctlcluster >/dev/null && pg_lsclusters -h | while read v c _; do pg_ctlcluster "$v" "$c" stop || true; done; true',
      ]);
    }
    binDir = findPostgresBin();
  }
  if (!binDir) {
    console.error(
      [
        'No PostgreSQL server binaries (initdb, postgres) found via pg_config --bindir or /usr/lib/postgresql/*/bin.',
        'Get them with:  sudo apt-get install postgresql   (or set PG_BINDIR=/path/to/postgresql/bin)',
      ].join('\n'),
    );
    return { ok: false, note: 'no PostgreSQL binaries' };
  }
  let server;
  try {
    server = await startPostgres(binDir);
  } catch (error) {
    console.error(error.message);
    return { ok: false, note: 'PostgreSQL did not start' };
  }
  cleanups.push(server.stop);
  const file = path.join(reports, 'vitest-postgres.json');
  const code = await exec(
    tool('vitest'),
    ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { env: childEnv({ TEST_DATABASE_URL: server.url }) },
  );
  await server.stop();
  return { ok: code === 0, note: `${countVitest(file, code)} on ${server.url}` };
}

/** The integration tests of kept files (uploads, packaging, serving, avatars) whose apps run on the storage. */
const storageTests = [
  'media-hls',
  'media-door',
  'media-playback',
  'staff-catalogue',
  'staff-catalogue-media',
  'staff-catalogue-audio',
  'avatars',
  'profiles',
];

async function storage() {
  // The same tests as on DATA_DIR, each app on a fauxqs bucket of its own (decision records 0047, 0050).
  const file = path.join(reports, 'vitest-s3.json');
  const code = await exec(
    tool('vitest'),
    [
      'run',
      '--project',
      'integration',
      ...storageTests.map((name) => `tests/integration/${name}.test.ts`),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    { env: childEnv({ TEST_STORAGE: 's3' }) },
  );
  return { ok: code === 0, note: `${countVitest(file, code)} on S3 (fauxqs)` };
}

async function e2e() {
  const distDir = process.env.E2E_DIST_DIR || 'dist-test';
  console.log(`$ astro build   (DIST_DIR=${distDir})`);
  const built = await exec(tool('astro'), ['build'], { env: childEnv({ DIST_DIR: distDir }) });
  if (built !== 0) return { ok: false, note: 'astro build failed' };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const file = path.join(reports, 'playwright.json');
  // Its own output folder: another Playwright run in the same checkout empties test-results/ at start.
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-results-'));
  const port = await freePort();
  const code = await exec(tool('playwright'), ['test'], {
    env: childEnv({
      DIST_DIR: distDir,
      BUILD: 'never', // just built; never rebuild under the running tests
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_JSON_REPORT: file,
      E2E_OUTPUT_DIR: outputDir,
      CHROMIUM_PATH: chromiumPath(),
    }),
  });
  if (code === 0) fs.rmSync(outputDir, { recursive: true, force: true });
  else console.log(`Traces and screenshots of the failures: ${outputDir}`);
  return { ok: code === 0, note: countPlaywright(file, code) };
}

const steps = [
  { name: 'browser', title: 'Browser: Chromium for Playwright', fn: browser },
  { name: 'nginx', title: "nginx: Debian's nginx-light for the media integration test", fn: nginx },
  {
    name: 'prometheus',
    title: "Prometheus: Debian's prometheus for the metrics and alert rules tests",
    fn: prometheus,
  },
  // Each of these two is one busy thread (eslint, prettier, depcruise; tsc in astro check): side by side
  // on two cores the pair takes about as long as the longer one (decision record 0057).
  {
    name: 'lint',
    title: 'Lint: eslint --max-warnings 0, prettier --check, depcruise (layers)',
    fn: lint,
    together: 'static',
  },
  { name: 'typecheck', title: 'Type check: astro check (.astro and .ts)', fn: typecheck, together: 'static' },
  { name: 'vitest', title: 'Unit and integration tests on embedded PGlite (vitest)', fn: vitest },
  { name: 'pg', title: 'Integration tests on a real PostgreSQL server (vitest)', fn: pg },
  {
    name: 'storage',
    title: 'Integration tests of kept files on S3-compatible storage (vitest, fauxqs)',
    fn: storage,
  },
  { name: 'e2e', title: 'Build, then browser tests against server.mjs (Playwright)', fn: e2e },
];

// ---------------------------------------------------------------------------------------------------
// Orchestration
// ---------------------------------------------------------------------------------------------------
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}

function summary() {
  const bar = '━'.repeat(72);
  console.log(`\n${bar}\nSummary\n${bar}`);
  for (const result of results) {
    const mark = result.status === 'passed' ? '✔' : result.status === 'failed' ? '✘' : '·';
    const time = result.seconds === undefined ? '' : `${result.seconds.toFixed(1)} s`;
    console.log(`${mark} ${result.name.padEnd(10)} ${time.padStart(8)}  ${result.note ?? result.status}`);
  }
  if (interrupted) console.log('interrupted: the remaining steps did not run');
  const total = (performance.now() / 1000).toFixed(0);
  console.log(`total ${total} s${totals.skipped ? `, ${totals.skipped} tests skipped` : ''}`);
  if (flaky.length) {
    console.log(
      `Passed only on retry (flaky; look into each):\n${flaky.map((name) => `  ${name}`).join('\n')}`,
    );
  }
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the running step and cleaning up...`);
    killChildren(signal);
    void cleanup().then(() => {
      summary();
      process.exit(130);
    });
  });
}

const keepGoing = process.argv.includes('--keep-going');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--keep-going');
const unknown = wanted.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length) {
  console.error(`unknown step(s): ${unknown.join(', ')}; steps are ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length ? steps.filter((step) => wanted.includes(step.name)) : steps;
console.log(`npm test on Node ${process.versions.node} in ${root}`);

/**
 * Runs one step; with `log` (a file) its children write there and the output is shown when it ends, so
 * that steps running side by side do not mix their lines.
 */
async function runStep(step, number, log) {
  const heading = `\n━━━ [${number}/${selected.length}] ${step.title} ━━━`;
  if (!log) console.log(heading);
  const fd = log ? fs.openSync(log, 'w') : undefined;
  const started = performance.now();
  let outcome;
  try {
    outcome = await stepOutput.run(fd, step.fn);
  } catch (error) {
    console.error(error);
    outcome = { ok: false, note: error.message };
  }
  const seconds = (performance.now() - started) / 1000;
  if (fd !== undefined) {
    fs.closeSync(fd);
    console.log(heading);
    process.stdout.write(fs.readFileSync(log));
  }
  console.log(`━━━ ${step.name}: ${outcome.ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s ━━━`);
  return { ...step, status: outcome.ok ? 'passed' : 'failed', seconds, note: outcome.note };
}

// Consecutive selected steps of one `together` group run side by side, the others one after another.
const batches = [];
for (const step of selected) {
  const last = batches.at(-1);
  if (step.together && last?.[0].together === step.together) last.push(step);
  else batches.push([step]);
}

let failed = false;
let number = 0;
for (const batch of batches) {
  if ((failed && !keepGoing) || interrupted) {
    for (const step of batch) results.push({ name: step.name, title: step.title, status: 'not run' });
    continue;
  }
  const logs = batch.length > 1 ? batch.map((step) => path.join(reports, `${step.name}.log`)) : [];
  // Each result is kept as its step ends, so a summary after Ctrl-C lists the one that finished first.
  await Promise.all(
    batch.map(async (step, index) => {
      const result = await runStep(step, ++number, logs[index]);
      if (interrupted) return;
      results.push(result);
      if (result.status !== 'passed') failed = true;
    }),
  );
  if (interrupted) break;
}

if (!interrupted) {
  await cleanup();
  summary();
  process.exit(failed ? 1 : 0);
}
