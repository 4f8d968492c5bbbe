// Media at scale (issue 15, decision record 0025), called by bench/run.mjs while its server runs, or on
// its own (`npm run bench:media`: builds into dist-bench if needed, starts server.mjs, updates the media
// section of bench/report.md and report.json):
//   1. throughput and p99 of the same bytes from the app and from nginx (Debian's, one worker, with the
//      repository's deploy/nginx configuration in front of the app): a cached page (/about, sent by
//      nginx as a static copy) and a signed preview segment (sent by nginx from disk after the app
//      authorized its token once); wrk with one thread and 50 connections, no compression;
//   2. simulated viewers of the running demo screening (LIVE-1404), each with a link of its own, each
//      fetching the live playlist and the newest segment every 2 s (bench/viewers.mjs), added in stages
//      until p99 passes 200 ms; through the app alone, then through nginx (playlists from the app).
import { execFile, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startNginx, hasNginx } from '../scripts/nginx-local.mjs';

const execFileAsync = promisify(execFile);
const WRK = '/usr/bin/wrk';
const RATIO_TARGET = 0.5;
const SEGMENT_P99_TARGET_MS = 10;
const VIEWERS_TARGET = 10_000;
const VIEWERS_P99_LIMIT_MS = 200;
const VIEWER_STAGES = [1000, 2500, 5000, 7500, 10_000, 12_500, 15_000, 17_500];
const STAGE_SECONDS = 8;

/** wrk's latency with its unit, in milliseconds. */
function ms(text) {
  const value = Number.parseFloat(text);
  if (text.endsWith('us')) return value / 1000;
  if (text.endsWith('ms')) return value;
  if (text.endsWith('s')) return value * 1000;
  return value;
}

/** wrk -t1 -c<connections>: requests per second, p50 and p99 (ms), and non-2xx/3xx answers. */
async function wrk(url, { duration, connections }) {
  const { stdout } = await execFileAsync(WRK, [
    '-t1',
    `-c${connections}`,
    `-d${duration}s`,
    '--latency',
    url,
  ]);
  const pick = (pattern) => pattern.exec(stdout)?.[1];
  return {
    rps: Math.round(Number(pick(/Requests\/sec:\s+([\d.]+)/))),
    p50: ms(pick(/\n\s+50%\s+(\S+)/) ?? 'NaN'),
    p99: ms(pick(/\n\s+99%\s+(\S+)/) ?? 'NaN'),
    failed: Number(pick(/Non-2xx or 3xx responses:\s+(\d+)/) ?? 0),
  };
}

/** The same HMAC the app signs media links with (src/server/media/signing.ts). */
function sign(secret, wire) {
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(`hls.v1.${payload}`).digest('base64url')}`;
}

async function json(url) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function idOf(origin, kind, slug) {
  const { items } = await json(
    `${origin}/api/v1/search?q=${encodeURIComponent(slug.replaceAll('-', ' '))}&kind=${kind}`,
  );
  const found = items.find((item) => item.slug === slug);
  if (!found) throw new Error(`bench media: no ${kind} ${slug}`);
  return found.id;
}

/** Runs the viewer stages against `origin`; resolves with every stage's figures. */
function viewerStages(origin, basesFile, log, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(import.meta.dirname, 'viewers.mjs'),
        origin,
        basesFile,
        VIEWER_STAGES.join(','),
        String(STAGE_SECONDS),
        String(VIEWERS_P99_LIMIT_MS),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const stages = [];
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        const stage = JSON.parse(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        stages.push(stage);
        log(
          `viewers ${label}: ${stage.viewers} viewers, ${stage.perSecond} req/s, p50 ${stage.p50} ms, p99 ${stage.p99} ms, errors ${stage.errors}, client lag p99 ${stage.clientLagP99} ms`,
        );
      }
    });
    // Bounded: every stage is a few seconds; the whole ramp cannot pass ten minutes.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10 * 60_000);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(stages);
    });
    child.on('error', reject);
  });
}

/** Viewers held: the last stage within the limit, without errors. */
function held(stages) {
  const good = stages.filter((stage) => stage.p99 <= VIEWERS_P99_LIMIT_MS && stage.errors === 0);
  return good.at(-1)?.viewers ?? 0;
}

export function loadNote() {
  const [one, five] = os.loadavg();
  return `load average ${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min) when the media bench started`;
}

/**
 * Runs the media measurements against a running server.mjs at `origin` whose DATA_DIR is `dataDir`.
 * Returns the figures, or { skipped } when wrk or nginx is missing (with what to install).
 */
export async function measureMedia({ origin, dataDir, log, duration = 10, connections = 50 }) {
  const missing = [!fs.existsSync(WRK) && 'wrk', !hasNginx() && 'nginx-light'].filter(Boolean);
  if (missing.length) {
    const skipped = `not measured: ${missing.join(' and ')} missing (apt-get install ${missing.join(' ')})`;
    log(`media: ${skipped}`);
    return { skipped };
  }
  const load = loadNote();
  const appPort = Number(new URL(origin).port);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-media-'));
  const pageFile = path.join(work, 'about.html');
  const page = Buffer.from(await (await fetch(`${origin}/about`)).arrayBuffer());
  fs.writeFileSync(pageFile, page);
  const nginx = await startNginx({
    appPort,
    dataMediaRoot: path.join(dataDir, 'media'),
    demoMediaRoot: path.join(import.meta.dirname, '../media/demo'),
    extraServer: `location = /about { alias ${pageFile}; default_type "text/html; charset=utf-8"; }`,
  });
  try {
    const trailerId = await idOf(origin, 'film', 'a-separation');
    const preview = await json(`${origin}/api/v1/play-preview-info/${trailerId}`);
    const master = preview.stream.master;
    const segmentPath = master.replace('master.m3u8', 'v360/seg00001.mpegts');
    const segmentBytes = (await (await fetch(`${origin}${segmentPath}`)).arrayBuffer()).byteLength;

    const ratios = {};
    for (const [name, url] of [
      ['page', '/about'],
      ['segment', segmentPath],
    ]) {
      // Warm both (the app's page cache and file cache, nginx's authorization), then measure.
      await fetch(`${origin}${url}`).then((res) => res.arrayBuffer());
      await fetch(`${nginx.origin}${url}`).then((res) => res.arrayBuffer());
      const app = await wrk(`${origin}${url}`, { duration, connections });
      log(`media ${name} app: ${app.rps} req/s, p99 ${app.p99} ms`);
      const viaNginx = await wrk(`${nginx.origin}${url}`, { duration, connections });
      log(`media ${name} nginx: ${viaNginx.rps} req/s, p99 ${viaNginx.p99} ms`);
      ratios[name] = { app, nginx: viaNginx, ratio: Number((app.rps / viaNginx.rps).toFixed(2)) };
    }

    // One running screening, a link per viewer (what each viewer's play-info call would have signed).
    const live = await json(`${origin}/api/v1/live-play-info?using_ticket=LIVE-1404`);
    const [payload] = live.stream.master.split('/')[5].split('.');
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const secret = fs.readFileSync(path.join(dataDir, 'media-secret'), 'utf8').trim();
    const count = VIEWER_STAGES.at(-1);
    const bases = Array.from(
      { length: count },
      (_, i) => `/api/v1/media/hls/${sign(secret, { ...wire, s: null, t: 1_000_000 + i })}/`,
    );
    const check = await fetch(`${origin}${bases[0]}v360/index.m3u8`);
    if (check.status !== 200)
      throw new Error(`bench media: a viewer's live playlist answered ${check.status}`);
    await check.arrayBuffer();
    const basesFile = path.join(work, 'bases.json');
    fs.writeFileSync(basesFile, JSON.stringify(bases));
    const viewersApp = await viewerStages(origin, basesFile, log, 'app');
    const viewersNginx = await viewerStages(nginx.origin, basesFile, log, 'nginx');

    return {
      date: new Date().toISOString(),
      // BENCH_COMMIT names the code when it is measured outside a clone (a copy of a commit).
      commit:
        process.env.BENCH_COMMIT ??
        (await execFileAsync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname }).then(
          ({ stdout }) => stdout.trim(),
          () => 'unknown',
        )),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      load,
      pageBytes: page.length,
      segmentBytes,
      duration,
      connections,
      page: ratios.page,
      segment: ratios.segment,
      viewers: {
        stageSeconds: STAGE_SECONDS,
        limitMs: VIEWERS_P99_LIMIT_MS,
        app: { held: held(viewersApp), stages: viewersApp },
        nginx: { held: held(viewersNginx), stages: viewersNginx },
      },
    };
  } finally {
    await nginx.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Segments from the bucket (issue 28): the same signed preview segment from a server.mjs whose files are
 * in S3-compatible object storage (STORAGE_URL, with MEDIA_CACHE_MB=0 so every request is a GET to the
 * bucket: the cost of a miss), and through nginx with deploy/nginx/media-bucket-server.conf (the app
 * says yes once per token, nginx fetches the file from the bucket once and keeps it).
 */
export async function measureBucketMedia({ origin, bucket, log, duration = 10, connections = 50 }) {
  const missing = [!fs.existsSync(WRK) && 'wrk', !hasNginx() && 'nginx-light'].filter(Boolean);
  if (missing.length) return { skipped: `not measured: ${missing.join(' and ')} missing` };
  const load = loadNote();
  const nginx = await startNginx({ appPort: Number(new URL(origin).port), bucket });
  try {
    const trailerId = await idOf(origin, 'film', 'a-separation');
    const preview = await json(`${origin}/api/v1/play-preview-info/${trailerId}`);
    const segmentPath = preview.stream.master.replace('master.m3u8', 'v360/seg00001.mpegts');
    const first = await fetch(`${origin}${segmentPath}`);
    if (first.status !== 200) throw new Error(`bench media: the bucket's segment answered ${first.status}`);
    const segmentBytes = (await first.arrayBuffer()).byteLength;
    await fetch(`${nginx.origin}${segmentPath}`).then((res) => res.arrayBuffer());
    const app = await wrk(`${origin}${segmentPath}`, { duration, connections });
    log(`media bucket segment app: ${app.rps} req/s, p99 ${app.p99} ms`);
    const viaNginx = await wrk(`${nginx.origin}${segmentPath}`, { duration, connections });
    log(`media bucket segment nginx: ${viaNginx.rps} req/s, p99 ${viaNginx.p99} ms`);
    return {
      date: new Date().toISOString(),
      load,
      segmentBytes,
      duration,
      connections,
      app,
      nginx: viaNginx,
      ratio: Number((app.rps / viaNginx.rps).toFixed(2)),
    };
  } finally {
    await nginx.stop();
  }
}

/** The media targets, in bench/run.mjs's target shape. */
export function mediaTargets(media) {
  if (!media || media.skipped) return [];
  return [
    {
      group: 'media',
      path: '/about',
      target: `app / nginx ≥ ${RATIO_TARGET} (page)`,
      measured: `${media.page.ratio}`,
      pass: media.page.ratio >= RATIO_TARGET,
    },
    {
      group: 'media',
      path: 'segment',
      target: `app / nginx ≥ ${RATIO_TARGET} (segment)`,
      measured: `${media.segment.ratio}`,
      pass: media.segment.ratio >= RATIO_TARGET,
    },
    {
      group: 'media',
      path: 'segment',
      target: `p99 < ${SEGMENT_P99_TARGET_MS} ms at ${media.connections} connections`,
      measured: `${media.segment.app.p99} ms`,
      pass: media.segment.app.p99 < SEGMENT_P99_TARGET_MS,
    },
    {
      group: 'media',
      path: 'one screening',
      target: `≥ ${VIEWERS_TARGET.toLocaleString('en')} viewers through the app`,
      measured: media.viewers.app.held.toLocaleString('en'),
      pass: media.viewers.app.held >= VIEWERS_TARGET,
    },
  ];
}

const stageRows = (stages) =>
  stages.map(
    (s) =>
      `| ${s.viewers.toLocaleString('en')} | ${s.perSecond.toLocaleString('en')} | ${s.p50} | ${s.p99} | ${s.errors} | ${s.clientLagP99} |`,
  );

export function mediaMarkdown(media) {
  const lines = ['', '## Media at scale (issue 15)', ''];
  if (!media) return '';
  if (media.skipped) return [...lines, media.skipped, ''].join('\n');
  const row = (label, figures) =>
    `| ${label} | ${figures.app.rps.toLocaleString('en')} req/s, p99 ${figures.app.p99} ms | ${figures.nginx.rps.toLocaleString('en')} req/s, p99 ${figures.nginx.p99} ms | ${figures.ratio} |`;
  lines.push(
    `Measured ${media.date} (commit ${media.commit}) on ${media.machine}: ${media.load}.`,
    '',
    '| target | measured | result |',
    '| --- | --- | --- |',
    ...mediaTargets(media).map(
      (t) => `| ${t.target} | ${t.measured} | ${t.pass ? '**pass**' : '**FAIL**'} |`,
    ),
    '',
    `wrk, one thread, ${media.connections} connections, ${media.duration} s per run, no compression; the app is one`,
    'server.mjs process, nginx 1.22 one worker with deploy/nginx in front of the app; the same bytes.',
    '',
    '| what | app | nginx | app / nginx |',
    '| --- | --- | --- | --- |',
    row(`a cached page (\`/about\`, ${Math.round(media.pageBytes / 1024)} KB)`, media.page),
    row(`a signed preview segment (${Math.round(media.segmentBytes / 1024)} KB)`, media.segment),
    '',
    `Simulated viewers of one running screening (LIVE-1404), a signed link each, every one fetching the`,
    `live playlist and then its newest segment every 2 s; stages of ${media.viewers.stageSeconds} s, stopped at the first`,
    `whose p99 passes ${media.viewers.limitMs} ms. Latency counts from when a request was due, so a load generator`,
    'that falls behind shows as latency; its own event-loop lag is the last column.',
    '',
  );
  for (const [label, result] of [
    ['app (server.mjs alone)', media.viewers.app],
    ['nginx in front (segments from disk, playlists from the app)', media.viewers.nginx],
  ]) {
    lines.push(
      `**${label}**: ${result.held.toLocaleString('en')} viewers held.`,
      '',
      '| viewers | requests/s | p50 ms | p99 ms | errors | client lag p99 ms |',
      '| --- | --- | --- | --- | --- | --- |',
      ...stageRows(result.stages),
      '',
    );
  }
  if (media.bucket && !media.bucket.skipped) {
    const b = media.bucket;
    lines.push(
      '### Segments from the bucket (issue 28)',
      '',
      `Measured ${b.date} (${b.load}). The same signed preview segment (${Math.round(b.segmentBytes / 1024)} KB), its package in`,
      'S3-compatible object storage (fauxqs, a Node process on this machine, standing in for the bucket);',
      `wrk, one thread, ${b.connections} connections, ${b.duration} s per run.`,
      '',
      '| what | req/s | p50 ms | p99 ms | errors |',
      '| --- | --- | --- | --- | --- |',
      `| through the app, MEDIA_CACHE_MB=0: every request one GET to the bucket | ${b.app.rps.toLocaleString('en')} | ${b.app.p50} | ${b.app.p99} | ${b.app.failed} |`,
      `| through nginx from the bucket (media-bucket-server.conf, kept in nginx's cache) | ${b.nginx.rps.toLocaleString('en')} | ${b.nginx.p50} | ${b.nginx.p99} | ${b.nginx.failed} |`,
      '',
      'What each costs: through the app, a segment the memory cache does not hold costs one bucket GET and',
      'its bytes through Node (the row above is that worst case; with the default MEDIA_CACHE_MB a hot segment is',
      'sent from memory, as in the table before, whichever storage it came from). Through nginx the app answers',
      'one small authorization per link, the bucket sees each file once per nginx (until it is pushed out of',
      'its cache), and the media bytes never pass through Node; a real bucket adds its first-byte latency',
      '(tens of milliseconds) to that one miss only. The app row is also bounded by fauxqs itself (one',
      'Node process on the same two cores, under the load above); measure against the real bucket before',
      'sizing the app for cold segments.',
      '',
    );
  }
  return lines.join('\n');
}
