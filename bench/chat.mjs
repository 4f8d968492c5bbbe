// The screening chat at scale (issue 30, decision record 0048): one server.mjs on 127.0.0.1 with a fresh
// DATA_DIR (PGlite, demo data), N server-sent-event connections to the chat of the running demo
// screening, read by a few reader processes (bench/chat-readers.mjs), and one message a second written
// by three demo accounts in turn (each stays under the per-viewer limit of 5 in 10 s). Reports, in
// bench/chat-report.md and bench/chat-report.json: messages delivered out of those expected and out of
// order, delivery latency (write request sent → event read on each stream: p50, p95, p99, max; and per
// message until the last stream read it), the write request's own time, the time to open the streams,
// the CPU time of the server and of the readers per message, and the server's memory before and with
// the connections open, per connection. Bounded: at most 5,000 connections, 8 reader processes and
// 120 s of messages.
//
//   node bench/chat.mjs [--connections 2000] [--seconds 30] [--readers 4]
//   DIST_DIR=dist-e2e-c1 BUILD=never node bench/chat.mjs   (an existing build; default: dist-bench, built if stale)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { ensurePinnedNode, root, sleep } from '../scripts/lib.mjs';
import { startBenchServer } from './lib.mjs';

ensurePinnedNode();
const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '30' },
    readers: { type: 'string', default: '4' },
  },
});
const CONNECTIONS = Math.min(5000, Math.max(1, Number(args.connections)));
const SECONDS = Math.min(120, Math.max(5, Number(args.seconds)));
const READERS = Math.min(8, Math.max(1, Number(args.readers)), CONNECTIONS);
const started = Date.now();
const log = (message) =>
  console.log(`[bench:chat ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

const server = await startBenchServer({ name: 'chat', env: { LOG_LEVEL: 'warn' }, log });
const { origin } = server;

/** The server process's resident memory, from /proc (kB → MB). */
function serverRssMb() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** The server process's CPU time so far (user + system), from /proc (clock ticks of 10 ms → ms). */
function serverCpuMs() {
  const stat = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const load = () => os.loadavg()[0].toFixed(1);

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function request(method, pathname, { token, json } = {}) {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const req = http.request(
      `${origin}${pathname}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          'x-forwarded-for': '127.0.0.1',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function login(userName, password) {
  const res = await request('POST', '/api/v1/auth/login', { json: { user_name: userName, password } });
  if (res.status !== 200) throw new Error(`login ${userName}: ${res.status} ${res.text}`);
  return JSON.parse(res.text).token;
}

/** A reader process with `count` streams; resolves once they are open. */
function startReader(id, token, count) {
  const child = fork(path.join(import.meta.dirname, 'chat-readers.mjs'), [
    JSON.stringify({ origin, id, token, count }),
  ]);
  const reader = {
    child,
    report: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send({ type: 'report' });
      }),
  };
  return new Promise((resolve, reject) => {
    child.once('message', (message) =>
      message.type === 'open' ? resolve(reader) : reject(new Error(`reader: ${message.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`reader exited (${code})`)));
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

let result;
try {
  const search = await request('GET', '/api/v1/search?q=Tehran%20Nights');
  const id = JSON.parse(search.text).items?.find((item) => item.slug === 'tehran-nights-live')?.id;
  if (!id) throw new Error(`no running demo screening in ${search.text.slice(0, 300)}`);
  const reader = await login('09120000001', 'staff-pass-1404');
  const writers = [
    reader,
    await login('09120000011', 'staff-pass-1404'),
    await login('09120000000', 'demo-pass-1404'),
  ];
  await sleep(2000);
  const rssBefore = serverRssMb();
  const loadAtStart = load();
  log(`opening ${CONNECTIONS} streams from ${READERS} reader processes`);
  const openedAt = performance.now();
  const cpuBeforeOpen = serverCpuMs();
  const readers = await Promise.all(
    Array.from({ length: READERS }, (_, i) =>
      startReader(id, reader, Math.floor(CONNECTIONS / READERS) + (i < CONNECTIONS % READERS ? 1 : 0)),
    ),
  );
  const openSeconds = (performance.now() - openedAt) / 1000;
  const openCpu = serverCpuMs() - cpuBeforeOpen;
  await sleep(3000);
  const rssOpen = serverRssMb();
  log(
    `${CONNECTIONS} streams open in ${openSeconds.toFixed(1)} s; server RSS ${rssBefore.toFixed(0)} → ${rssOpen.toFixed(0)} MB`,
  );
  const sentAt = [];
  const postLatencies = [];
  let refused = 0;
  for (const { child } of readers) child.send({ type: 'mark' });
  const cpuBefore = serverCpuMs();
  for (let n = 0; n < SECONDS; n++) {
    const tick = Date.now();
    const body = `bench ${n} سلام`;
    const sent = performance.timeOrigin + performance.now();
    const res = await request('POST', `/api/v1/screenings/${id}/chat`, {
      token: writers[n % writers.length],
      json: { body },
    });
    postLatencies.push(performance.timeOrigin + performance.now() - sent);
    if (res.status === 201) sentAt[n] = sent;
    else {
      refused++;
      log(`message ${n}: ${res.status} ${res.text}`);
    }
    await sleep(Math.max(0, 1000 - (Date.now() - tick)));
  }
  await sleep(3000);
  const serverCpu = serverCpuMs() - cpuBefore;
  const rssEnd = serverRssMb();
  const reports = await Promise.all(readers.map((one) => one.report()));
  const messages = sentAt.filter((at) => at !== undefined).length;
  const latencies = [];
  const lastRead = [];
  for (const { receipts } of reports) {
    for (let i = 0; i < receipts.length; i += 2) {
      const n = receipts[i];
      if (sentAt[n] === undefined) continue;
      const latency = receipts[i + 1] - sentAt[n];
      latencies.push(latency);
      lastRead[n] = Math.max(lastRead[n] ?? 0, latency);
    }
  }
  const untilLast = lastRead.filter((latency) => latency !== undefined);
  const sorted = (values) => values.sort((a, b) => a - b);
  sorted(latencies);
  sorted(postLatencies);
  sorted(untilLast);
  const ms = (value) => Math.round(value ?? 0);
  result = {
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    readers: READERS,
    open_s: Math.round(openSeconds * 10) / 10,
    server_cpu_ms_per_open: Math.round((openCpu / CONNECTIONS) * 10) / 10,
    messages,
    refused,
    delivered: latencies.length,
    expected: messages * CONNECTIONS,
    out_of_order: reports.reduce((sum, one) => sum + one.outOfOrder, 0),
    latency_ms: {
      p50: ms(percentile(latencies, 50)),
      p95: ms(percentile(latencies, 95)),
      p99: ms(percentile(latencies, 99)),
      max: ms(latencies.at(-1)),
    },
    until_last_stream_ms: { p50: ms(percentile(untilLast, 50)), max: ms(untilLast.at(-1)) },
    post_ms: {
      p50: ms(percentile(postLatencies, 50)),
      p95: ms(percentile(postLatencies, 95)),
      max: ms(postLatencies.at(-1)),
    },
    cpu_ms_per_message: {
      server: ms(serverCpu / SECONDS),
      readers: ms(reports.reduce((sum, one) => sum + one.cpuMs, 0) / SECONDS),
    },
    server_rss_mb: { before: Math.round(rssBefore), open: Math.round(rssOpen), end: Math.round(rssEnd) },
    kb_per_connection: Math.round(((rssOpen - rssBefore) * 1024) / CONNECTIONS),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${loadAtStart} at the start, ${load()} at the end`,
  };
  log(JSON.stringify(result));
} finally {
  await server.stop();
  agent.destroy();
}

const r = result;
fs.writeFileSync(path.join(root, 'bench/chat-report.json'), `${JSON.stringify(r, null, 2)}\n`);
const reportFile = path.join(root, 'bench/chat-report.md');
const markdown = `# Screening chat: ${r.connections} connections, one message a second

\`node bench/chat.mjs --connections ${r.connections} --seconds ${r.messages + r.refused} --readers ${r.readers}\` on
${r.at} (${r.machine}); one server.mjs on PGlite; the streams are read by ${r.readers} reader processes
(bench/chat-readers.mjs) on the same machine, which share its cores with the server.

| measure | value |
| --- | --- |
| streams open at once (time to open them; server CPU per stream opened) | ${r.connections} (${r.open_s} s; ${r.server_cpu_ms_per_open} ms) |
| messages written (refused) | ${r.messages} (${r.refused}) |
| events delivered / expected (out of order) | ${r.delivered} / ${r.expected} (${r.out_of_order}) |
| delivery latency p50 / p95 / p99 / max | ${r.latency_ms.p50} / ${r.latency_ms.p95} / ${r.latency_ms.p99} / ${r.latency_ms.max} ms |
| a message until its last stream read it, p50 / max | ${r.until_last_stream_ms.p50} / ${r.until_last_stream_ms.max} ms |
| write request (POST) p50 / p95 / max | ${r.post_ms.p50} / ${r.post_ms.p95} / ${r.post_ms.max} ms |
| CPU time per message: server / readers | ${r.cpu_ms_per_message.server} / ${r.cpu_ms_per_message.readers} ms |
| server RSS before / with streams / at the end | ${r.server_rss_mb.before} / ${r.server_rss_mb.open} / ${r.server_rss_mb.end} MB |
| memory per connection (RSS growth / streams) | ${r.kb_per_connection} kB |

Latency is from the moment the write request leaves the bench to the moment each stream reads the
event: the write request (its session, the chat's one access query, the shared rate limiter, the
insert and its NOTIFY in one statement), the NOTIFY's delivery to the server's listener, and the
fan-out, which writes the event's bytes, encoded once, to every stream's response without waiting
on any. The CPU time per message (the server's from /proc, the readers' own) does not depend on the
machine's load the way the latencies do: on a loaded machine each process waits for a core, and the
latencies grow with the wait.
`;
// Formatted as prettier --check . wants it, as bench/sim.mjs does its report.
const options = (await prettier.resolveConfig(reportFile)) ?? {};
fs.writeFileSync(reportFile, await prettier.format(markdown, { ...options, parser: 'markdown' }));
console.log(fs.readFileSync(reportFile, 'utf8'));
