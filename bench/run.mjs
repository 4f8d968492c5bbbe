// `npm run bench`: weight, Lighthouse scores and server throughput of the pages in bench/pages.mjs, and
// latency of its API reads under 200 concurrent connections.
//
// Builds once into dist-bench, starts the production server (server.mjs) on 127.0.0.1 with its own
// DATA_DIR, then for every page:
//   1. the JavaScript and CSS the HTML references (scripts, modulepreloads, stylesheets, island modules,
//      with their static imports), gzip-compressed bytes;
//   2. what a real Chromium downloads without any interaction, and whether React is among it;
//   3. Lighthouse (mobile preset) performance, accessibility, best practices and SEO: the median run of
//      --lighthouse-runs (3), as Lighthouse's own guidance on score variability recommends;
//   4. throughput and latency (autocannon) against a bare node:http server sending the same bytes;
// then the API reads of bench/pages.mjs under --api-connections (200), checked against their p99 target.
// Search suggestions (bench/suggest.mjs): p99 of 2,000 requests, typing and cold.
// Also the player (bench/player.mjs): first frame after pressing play, the player page's JS, and no
// player code on other pages. Payments (bench/payments.mjs) and media at scale (bench/media.mjs: app /
// nginx ratios for a page and a segment, viewers held on one screening). Writes bench/report.md and
// bench/report.json.
//
//   npm run bench -- [--pages /,/about] [--duration 10] [--connections 50] [--no-build]
//                    [--no-lighthouse] [--lighthouse-runs 3] [--no-load] [--api-connections 200] [--strict]
//   (--strict: exit 1 when a target fails; --no-load skips the API load too)
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import {
  childEnv,
  chromiumPath,
  ensurePinnedNode,
  freePort,
  isExecutable,
  root,
  run,
  sleep,
  tool,
  waitForUrl,
} from '../scripts/lib.mjs';
import { apis, pages as allPages, resolvePaths } from './pages.mjs';
import { measureMedia, mediaMarkdown, mediaTargets } from './media.mjs';
import { measurePayments, paymentsMarkdown } from './payments.mjs';
import { measurePlayer, playerMarkdown } from './player.mjs';
import { measureSuggest, suggestMarkdown } from './suggest.mjs';

ensurePinnedNode();

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'api-connections': { type: 'string', default: '200' },
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'no-load': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
const listedPages = args.pages
  ? args.pages.split(',').map((p) => allPages.find((page) => page.path === p) ?? { path: p, label: p })
  : allPages;
const duration = Number(args.duration);
const connections = Number(args.connections);
const apiConnections = Number(args['api-connections']);
/** Each API run stops at this many requests even before its duration is up. */
const API_MAX_REQUESTS = 200_000;
const distDir = 'dist-bench';
const benchDir = import.meta.dirname;
const started = Date.now();
const chromium = chromiumPath();
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
/** Signatures of React in a JavaScript file: its element symbols and the devtools hook of react-dom. */
const REACT = /Symbol\.for\(["']react\.(?:transitional\.)?element["']\)|__REACT_DEVTOOLS_GLOBAL_HOOK__/;

const log = (message) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
const cleanups = [];
async function cleanup() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((error) => console.error(error));
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

function startProcess(command, argv, env) {
  const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // The tail only: server.mjs logs a line per request, millions in a load run (shown when it fails).
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-1_000_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  let alive = true;
  void exited.then(() => (alive = false));
  return {
    child,
    output: () => output,
    alive: () => alive,
    async stop() {
      if (!alive) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// 1. Weight: what the HTML references
// ---------------------------------------------------------------------------------------------------
const attributes = (text) =>
  Object.fromEntries(
    [...text.matchAll(/([\w:-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)].map(([, k, v]) => [
      k.toLowerCase(),
      (v ?? '').replace(/^["']|["']$/g, '').replaceAll('&amp;', '&'),
    ]),
  );

const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const assetCache = new Map();
async function fetchAsset(url) {
  if (!assetCache.has(url)) {
    assetCache.set(
      url,
      fetch(url).then(async (res) => {
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
  }
  return assetCache.get(url);
}

/** A JS module and everything it imports statically (dynamic import() is left out: it loads later). */
async function moduleGraph(entryUrls, origin) {
  const seen = new Map();
  const queue = [...entryUrls];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url) || new URL(url).origin !== origin) continue;
    const bytes = await fetchAsset(url);
    seen.set(url, bytes);
    const code = bytes.toString('utf8');
    for (const match of code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g,
    )) {
      queue.push(new URL(match[1], url).href);
    }
  }
  return seen;
}

async function weigh(pageUrl, html) {
  const origin = new URL(pageUrl).origin;
  const resolve = (ref) => new URL(ref, pageUrl).href;
  const scripts = [];
  const styles = [];
  const islands = [];
  const directives = new Set();
  for (const [, tag, attrText] of html.matchAll(/<(script|link|astro-island)\b([^>]*)>/gi)) {
    const attrs = attributes(attrText);
    if (tag === 'script' && attrs.src) scripts.push(resolve(attrs.src));
    if (tag === 'link' && /\bmodulepreload\b/.test(attrs.rel ?? '')) scripts.push(resolve(attrs.href));
    if (tag === 'link' && /\bstylesheet\b/.test(attrs.rel ?? '')) styles.push(resolve(attrs.href));
    if (tag === 'astro-island') {
      for (const key of ['component-url', 'renderer-url', 'before-hydration-url']) {
        if (attrs[key]) islands.push(resolve(attrs[key]));
      }
      if (attrs.client) directives.add(`client:${attrs.client}`);
    }
  }
  const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrText]) => !attributes(attrText).src && !/application\/(ld\+)?json/.test(attrText))
    .map(([, , body]) => body);
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => body);

  const eager = await moduleGraph(scripts, origin);
  const island = await moduleGraph(islands, origin);
  for (const url of eager.keys()) island.delete(url);
  const css = new Map();
  for (const url of styles) css.set(url, await fetchAsset(url));

  const sum = (map) => [...map.values()].reduce((total, bytes) => total + gzipSize(bytes), 0);
  const raw = (map) => [...map.values()].reduce((total, bytes) => total + bytes.length, 0);
  const htmlBytes = Buffer.from(html);
  return {
    htmlGzip: gzipSize(htmlBytes),
    htmlRaw: htmlBytes.length,
    inlineScriptGzip: inlineScripts.length ? gzipSize(Buffer.from(inlineScripts.join('\n'))) : 0,
    inlineStyleGzip: inlineStyles.length ? gzipSize(Buffer.from(inlineStyles.join('\n'))) : 0,
    jsEagerGzip: sum(eager),
    jsEagerRaw: raw(eager),
    jsIslandGzip: sum(island),
    jsIslandRaw: raw(island),
    cssGzip: sum(css),
    cssRaw: raw(css),
    jsFiles: [...eager.keys(), ...island.keys()].map((url) => new URL(url).pathname),
    cssFiles: [...css.keys()].map((url) => new URL(url).pathname),
    islandDirectives: [...directives].sort(),
    reactInEagerJs: [...eager.values()].some((bytes) => REACT.test(bytes.toString('utf8'))),
    reactInIslandJs: [...island.values()].some((bytes) => REACT.test(bytes.toString('utf8'))),
  };
}

// ---------------------------------------------------------------------------------------------------
// 2. What a browser downloads before any interaction
// ---------------------------------------------------------------------------------------------------
async function browserLoads(urls) {
  const { chromium: launcher } = await import('playwright-core');
  const browser = await launcher.launch({ executablePath: chromium, args: CHROME_FLAGS });
  const results = {};
  try {
    for (const url of urls) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response);
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await sleep(2_000); // requestIdleCallback (client:idle) and similar get their chance
      await page.waitForLoadState('networkidle');
      const loaded = [];
      for (const response of scripts) {
        const body = await response.body().catch(() => Buffer.alloc(0));
        loaded.push({
          path: new URL(response.url()).pathname,
          gzip: gzipSize(body),
          react: REACT.test(body.toString('utf8')),
        });
      }
      const hydrated = await page.evaluate("document.querySelectorAll('astro-island:not([ssr])').length");
      results[url] = {
        scripts: loaded,
        jsGzip: loaded.reduce((total, s) => total + s.gzip, 0),
        react: loaded.some((s) => s.react),
        reactFiles: loaded.filter((s) => s.react).map((s) => s.path),
        hydratedIslands: hydrated,
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------
// 3. Lighthouse, mobile preset (the default config: emulated mid-range phone, simulated slow 4G)
// ---------------------------------------------------------------------------------------------------
/** One Lighthouse run of `url` in a fresh browser, as Lighthouse recommends. */
async function lighthouseRun(lighthouse, chromeLauncher, url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const runnerResult = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      maxWaitForLoad: 45_000,
    });
    const lhr = runnerResult.lhr;
    const score = (id) =>
      lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? null;
    const failing = [];
    for (const category of Object.values(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          failing.push(`${category.id}: ${audit.id} (${audit.score})`);
        }
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndex: metric('speed-index'),
      },
      failingAudits: failing,
      runtimeError: lhr.runtimeError?.message ?? null,
    };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse's performance score moves by a few points between runs of the same page on the same
 * machine (simulated throttling replays observed timings), so each page gets `runs` runs and the report
 * keeps the run with the median performance score, with every run's score beside it.
 */
async function lighthouseScores(urls, runs) {
  process.env.CHROME_PATH = chromium;
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = {};
  for (const url of urls) {
    const all = [];
    for (let run = 0; run < runs; run += 1) all.push(await lighthouseRun(lighthouse, chromeLauncher, url));
    const scored = all.filter((result) => !result.error).sort((a, b) => a.performance - b.performance);
    results[url] =
      scored.length === 0
        ? all[0]
        : {
            ...scored[Math.floor((scored.length - 1) / 2)],
            performanceRuns: all.map((r) => r.performance ?? null),
          };
    log(`lighthouse ${url}: ${JSON.stringify(results[url]).slice(0, 160)}`);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------
// 4. Throughput: the app against a static-file baseline
// ---------------------------------------------------------------------------------------------------
async function load(url, connectionCount = connections, maxOverallRequests = undefined) {
  const { default: autocannon } = await import('autocannon');
  await autocannon({ url, connections: 10, duration: 1, timeout: 10 }); // warm-up (JIT, caches), not counted
  const result = await autocannon({
    url,
    connections: connectionCount,
    duration,
    maxOverallRequests,
    pipelining: 1,
    timeout: 10,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    throughputMBps: Number((result.throughput.average / 1e6).toFixed(1)),
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------
function machine() {
  let chromiumVersion = 'unknown';
  try {
    chromiumVersion = execFileSync(chromium, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // keep unknown
  }
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
  } catch {
    // not a git checkout
  }
  return {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.versions.node,
    chromium: chromiumVersion,
    commit,
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function markdown(report) {
  const rows = (header, lines) =>
    [
      `| ${header.join(' | ')} |`,
      `| ${header.map(() => '---').join(' | ')} |`,
      ...lines.map((l) => `| ${l.join(' | ')} |`),
    ].join('\n');
  const pass = (ok) => (ok === null ? 'n/a' : ok ? '**pass**' : '**FAIL**');
  const m = report.machine;
  const parts = [
    '# Benchmark report',
    '',
    `Generated by \`npm run bench\` on ${report.date} (commit ${m.commit}), in ${report.seconds} s.`,
    '',
    `Machine: ${m.cpus}, ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}; ${m.chromium}. The server under test is`,
    '`server.mjs` on 127.0.0.1 with the embedded PGlite database (demo seed), built once into `dist-bench`.',
    '',
    '## Targets',
    '',
    rows(
      ['page', 'target', 'measured', 'result'],
      report.targets.map((t) => [`\`${t.path}\``, t.target, t.measured, pass(t.pass)]),
    ),
    '',
    `Overall: ${report.targets.every((t) => t.pass !== false) ? '**all targets met**' : '**some targets not met**'}.`,
    '',
    '## Weight (gzip, KiB)',
    '',
    'HTML: the page itself, including its inline `<script>` and `<style>` (shown on their own next to it). JS',
    'eager: `<script src>` and `modulepreload` with their static imports (downloaded on load). JS islands: island',
    'components and renderers (downloaded when an island hydrates). CSS: linked stylesheets. Browser JS: the',
    'script files Chromium actually downloaded after load, network idle and 2 s more, without any interaction.',
    '',
    rows(
      [
        'page',
        'HTML',
        'inline JS',
        'inline CSS',
        'JS eager',
        'JS islands',
        'CSS',
        'browser JS',
        'React before interaction',
        'island directives',
      ],
      report.pages.map((p) => [
        `\`${p.path}\``,
        kb(p.weight.htmlGzip),
        kb(p.weight.inlineScriptGzip),
        kb(p.weight.inlineStyleGzip),
        kb(p.weight.jsEagerGzip),
        kb(p.weight.jsIslandGzip),
        kb(p.weight.cssGzip),
        p.browser ? kb(p.browser.jsGzip) : 'n/a',
        p.browser ? (p.browser.react ? `yes (${p.browser.reactFiles.join(', ')})` : 'no') : 'n/a',
        p.weight.islandDirectives.join(', ') || 'none',
      ]),
    ),
  ];
  if (report.lighthouse) {
    parts.push(
      '',
      '## Lighthouse (mobile preset)',
      '',
      'The run with the median performance score of each page; the performance column lists every run.',
      '',
      rows(
        ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'],
        report.pages.map((p) => {
          const l = p.lighthouse ?? {};
          if (l.error) return [`\`${p.path}\``, `error: ${l.error}`, '', '', '', '', '', '', ''];
          return [
            `\`${p.path}\``,
            l.performanceRuns ? `${l.performance} (${l.performanceRuns.join(', ')})` : l.performance,
            l.accessibility,
            l.bestPractices,
            l.seo,
            l.metrics?.fcp,
            l.metrics?.lcp,
            l.metrics?.tbt,
            l.metrics?.cls,
          ];
        }),
      ),
    );
    const failing = report.pages.filter((p) => p.lighthouse?.failingAudits?.length);
    if (failing.length) {
      parts.push('', 'Audits below full marks:', '');
      for (const p of failing) parts.push(`- \`${p.path}\`: ${p.lighthouse.failingAudits.join(', ')}`);
    }
  }
  if (report.load) {
    parts.push(
      '',
      `## Throughput (autocannon, ${report.load.connections} connections, ${report.load.duration} s per run, no compression)`,
      '',
      'Baseline: a bare `node:http` server sending the same HTML bytes from memory. The ratio is the share of the',
      "baseline's throughput the app keeps while rendering every request.",
      '',
      rows(
        [
          'page',
          'app req/s',
          'app p50 / p99 ms',
          'baseline req/s',
          'baseline p50 / p99 ms',
          'app / baseline',
          'errors',
        ],
        report.pages.map((p) => {
          const a = p.load?.app;
          const b = p.load?.baseline;
          if (!a || !b) return [`\`${p.path}\``, 'n/a', '', '', '', '', ''];
          return [
            `\`${p.path}\``,
            a.requestsPerSecond,
            `${a.latencyP50Ms} / ${a.latencyP99Ms}`,
            b.requestsPerSecond,
            `${b.latencyP50Ms} / ${b.latencyP99Ms}`,
            `${((a.requestsPerSecond / b.requestsPerSecond) * 100).toFixed(1)} %`,
            a.errors + a.timeouts + a.non2xx + b.errors + b.timeouts + b.non2xx,
          ];
        }),
      ),
    );
  }
  if (report.apis.length) {
    parts.push(
      '',
      `## API under load (autocannon, ${report.apiConnections} connections, ${report.load.duration} s or ${API_MAX_REQUESTS} requests per run, no compression)`,
      '',
      rows(
        ['call', 'req/s', 'p50 / p99 ms', 'p99 target', 'errors'],
        report.apis.map((a) => [
          `\`GET ${a.path}\``,
          a.load.requestsPerSecond,
          `${a.load.latencyP50Ms} / ${a.load.latencyP99Ms}`,
          `< ${a.targets.p99Ms} ms`,
          a.load.errors + a.load.timeouts + a.load.non2xx,
        ]),
      ),
    );
  }
  parts.push('', 'Raw figures: `bench/report.json`.', '');
  return parts.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------
if (!isExecutable(chromium)) {
  console.error(`No Chromium at ${chromium}: install Debian's chromium package or set CHROMIUM_PATH.`);
  process.exit(1);
}

if (!args['no-build'] || !fs.existsSync(path.join(root, distDir, 'server/entry.mjs'))) {
  log(`building into ${distDir}`);
  if (
    (await run(tool('astro'), ['build'], {
      env: childEnv({ DIST_DIR: distDir }),
      stdio: ['ignore', 'ignore', 'inherit'],
    })) !== 0
  ) {
    console.error('astro build failed');
    process.exit(1);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-'));
cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = startProcess(
  process.execPath,
  ['server.mjs'],
  childEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: origin,
    DIST_DIR: distDir,
    BUILD: 'never',
    // The payment buyers sign up from addresses of their own (X-Forwarded-For), as behind a proxy.
    TRUST_PROXY: '1',
  }),
);
cleanups.push(() => server.stop());
try {
  await waitForUrl(`${origin}/api/v1/health`, 120_000, server.alive);
} catch (error) {
  console.error(server.output());
  console.error(error.message);
  await cleanup();
  process.exit(1);
}
log(`server.mjs up on ${origin}`);
const pages = await resolvePaths(listedPages, origin);

const report = {
  date: new Date().toISOString(),
  machine: machine(),
  pages: [],
  apis: [],
  targets: [],
  lighthouse: !args['no-lighthouse'],
  load: args['no-load'] ? null : { connections, duration, compression: 'none (no Accept-Encoding)' },
  apiConnections,
};

const snapshot = {};
for (const page of pages) {
  const url = `${origin}${page.path}`;
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  const html = await res.text();
  snapshot[page.path] = {
    contentType: res.headers.get('content-type') ?? 'text/html',
    body: Buffer.from(html).toString('base64'),
  };
  const weight = await weigh(url, html);
  report.pages.push({ path: page.path, label: page.label, status: res.status, weight });
  log(
    `weighed ${page.path}: HTTP ${res.status}, JS eager ${kb(weight.jsEagerGzip)} KiB, islands ${kb(weight.jsIslandGzip)} KiB, CSS ${kb(weight.cssGzip)} KiB (gzip)`,
  );
}

const byPath = (p) => report.pages.find((entry) => entry.path === p);
const urls = pages.map((page) => `${origin}${page.path}`);
const loads = await browserLoads(urls);
for (const page of pages) byPath(page.path).browser = loads[`${origin}${page.path}`];
log('browser downloads recorded');
report.player = await measurePlayer({ origin, chromium, flags: CHROME_FLAGS, log });

if (report.lighthouse) {
  const scores = await lighthouseScores(urls, Number(args['lighthouse-runs']));
  for (const page of pages) byPath(page.path).lighthouse = scores[`${origin}${page.path}`];
}

if (report.load) {
  const snapshotFile = path.join(dataDir, 'static-snapshot.json');
  fs.writeFileSync(snapshotFile, JSON.stringify(snapshot));
  const staticPort = await freePort();
  const baseline = startProcess(
    process.execPath,
    [path.join(benchDir, 'static-server.mjs'), snapshotFile, String(staticPort)],
    childEnv(),
  );
  cleanups.push(() => baseline.stop());
  await waitForUrl(`http://127.0.0.1:${staticPort}${pages[0].path}`, 10_000, baseline.alive);
  for (const page of pages) {
    const app = await load(`${origin}${page.path}`);
    const base = await load(`http://127.0.0.1:${staticPort}${page.path}`);
    byPath(page.path).load = { app, baseline: base };
    log(
      `load ${page.path}: app ${app.requestsPerSecond} req/s (p99 ${app.latencyP99Ms} ms), baseline ${base.requestsPerSecond} req/s`,
    );
  }
  await baseline.stop();
  for (const api of apis) {
    const result = await load(`${origin}${api.path}`, apiConnections, API_MAX_REQUESTS);
    report.apis.push({ path: api.path, label: api.label, targets: api.targets, load: result });
    log(`load ${api.path}: ${result.requestsPerSecond} req/s, p99 ${result.latencyP99Ms} ms`);
  }
  report.suggest = await measureSuggest({ origin, log });
  report.payments = await measurePayments({ origin, outboxFile: path.join(dataDir, 'outbox.jsonl'), log });
  report.media = await measureMedia({ origin, dataDir, log, duration, connections });
}

const exitCode = await server.stop();
log(`server.mjs stopped (exit ${exitCode})`);
await cleanup();

for (const page of pages) {
  const entry = byPath(page.path);
  const targets = page.targets ?? {};
  if (targets.noReactBeforeInteraction) {
    const react = entry.browser?.react;
    report.targets.push({
      path: page.path,
      target: 'no React before the first interaction',
      measured:
        react === undefined
          ? 'not measured'
          : react
            ? `React loaded: ${entry.browser.reactFiles.join(', ')}`
            : 'no React loaded',
      pass: react === undefined ? null : !react && entry.status === 200,
    });
  }
  if (targets.lighthouse !== undefined) {
    const l = entry.lighthouse;
    const scores = l && !l.error ? [l.performance, l.accessibility, l.bestPractices, l.seo] : null;
    const wanted =
      typeof targets.lighthouse === 'number'
        ? Array(4).fill(targets.lighthouse)
        : [
            targets.lighthouse.performance,
            targets.lighthouse.accessibility,
            targets.lighthouse.bestPractices,
            targets.lighthouse.seo,
          ];
    report.targets.push({
      path: page.path,
      target:
        typeof targets.lighthouse === 'number'
          ? `Lighthouse ≥ ${targets.lighthouse} in performance, accessibility, best practices, SEO`
          : `Lighthouse ≥ ${wanted.join(' / ')} in performance / accessibility / best practices / SEO`,
      measured: scores ? scores.join(' / ') : l?.error ? `error: ${l.error}` : 'not measured',
      pass: scores ? scores.every((s, i) => s !== null && s >= wanted[i]) : report.lighthouse ? false : null,
    });
  }
}
for (const api of report.apis) {
  const { latencyP99Ms, errors, timeouts, non2xx } = api.load;
  report.targets.push({
    path: api.path,
    target: `p99 < ${api.targets.p99Ms} ms at ${apiConnections} connections`,
    measured: `p99 ${latencyP99Ms} ms, ${api.load.requestsPerSecond} req/s, ${errors + timeouts + non2xx} errors`,
    pass: latencyP99Ms < api.targets.p99Ms && errors + timeouts + non2xx === 0,
  });
}
report.targets.push(
  ...report.player.targets,
  ...(report.suggest?.targets ?? []),
  ...(report.payments?.targets ?? []),
  ...mediaTargets(report.media),
);
report.seconds = Math.round((Date.now() - started) / 1000);

fs.writeFileSync(path.join(benchDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
const prettier = await import('prettier');
const options = (await prettier.resolveConfig(path.join(benchDir, 'report.md'))) ?? {};
fs.writeFileSync(
  path.join(benchDir, 'report.md'),
  await prettier.format(
    markdown(report) +
      playerMarkdown(report.player) +
      suggestMarkdown(report.suggest) +
      paymentsMarkdown(report.payments) +
      mediaMarkdown(report.media),
    { ...options, parser: 'markdown' },
  ),
);

for (const t of report.targets)
  console.log(
    `${t.pass === null ? 'n/a ' : t.pass ? 'pass' : 'FAIL'}  ${t.path.padEnd(10)} ${t.target}: ${t.measured}`,
  );
log('wrote bench/report.md and bench/report.json');
process.exit(args.strict && report.targets.some((t) => t.pass === false) ? 1 : 0);
