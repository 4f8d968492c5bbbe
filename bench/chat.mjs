// The screening chat at scale (issue 30, decision record 0048): one server.mjs on 127.0.0.1 with a fresh
// DATA_DIR (PGlite, demo data), N server-sent-event connections to the chat of the running demo
// screening, and one message a second written by three demo accounts in turn (each stays under the
// per-viewer limit of 5 in 10 s). Reports, in bench/chat-report.md and bench/chat-report.json: messages
// delivered out of those expected, delivery latency (write request sent → event read on each stream:
// p50, p95, p99, max), and the server's memory (RSS and V8 heap) before and with the connections open,
// per connection. Bounded: at most 5,000 connections and 120 s of messages.
//
//   node bench/chat.mjs [--connections 2000] [--seconds 30]
//   DIST_DIR=dist-e2e-c1 BUILD=never node bench/chat.mjs   (an existing build; default: dist-bench, built if stale)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePinnedNode, root, sleep } from '../scripts/lib.mjs';
import { startBenchServer } from './lib.mjs';

ensurePinnedNode();
const { values: args } = parseArgs({
  options: { connections: { type: 'string', default: '2000' }, seconds: { type: 'string', default: '30' } },
});
const CONNECTIONS = Math.min(5000, Math.max(1, Number(args.connections)));
const SECONDS = Math.min(120, Math.max(5, Number(args.seconds)));
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

/** Opens one stream; calls onMessage(body, receivedAt) for each chat message event. */
function openStream(id, token, onMessage) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${origin}/api/v1/screenings/${id}/chat/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
        if (res.headers['content-encoding']) return reject(new Error('the stream came compressed'));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const now = performance.timeOrigin + performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('event: message\n'))
              onMessage(JSON.parse(block.slice(block.indexOf('data: ') + 6)).body, now);
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
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
  const sentAt = new Map();
  const latencies = [];
  let received = 0;
  const streams = [];
  log(`opening ${CONNECTIONS} streams`);
  for (let i = 0; i < CONNECTIONS; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(CONNECTIONS, i + 100); j++) {
      batch.push(
        openStream(id, reader, (body, at) => {
          const sent = sentAt.get(body);
          if (sent === undefined) return;
          received++;
          latencies.push(at - sent);
        }),
      );
    }
    streams.push(...(await Promise.all(batch)));
  }
  await sleep(3000);
  const rssOpen = serverRssMb();
  log(`${streams.length} streams open; server RSS ${rssBefore.toFixed(0)} → ${rssOpen.toFixed(0)} MB`);
  const postLatencies = [];
  let refused = 0;
  for (let n = 0; n < SECONDS; n++) {
    const tick = Date.now();
    const body = `bench ${n} سلام`;
    sentAt.set(body, performance.timeOrigin + performance.now());
    const res = await request('POST', `/api/v1/screenings/${id}/chat`, {
      token: writers[n % writers.length],
      json: { body },
    });
    postLatencies.push(performance.timeOrigin + performance.now() - sentAt.get(body));
    if (res.status !== 201) {
      refused++;
      sentAt.delete(body);
      log(`message ${n}: ${res.status} ${res.text}`);
    }
    await sleep(Math.max(0, 1000 - (Date.now() - tick)));
  }
  await sleep(3000);
  const rssEnd = serverRssMb();
  for (const req of streams) req.destroy();
  const expected = sentAt.size * streams.length;
  latencies.sort((a, b) => a - b);
  postLatencies.sort((a, b) => a - b);
  result = {
    at: new Date().toISOString(),
    connections: streams.length,
    messages: sentAt.size,
    refused,
    delivered: received,
    expected,
    latency_ms: {
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1) ?? 0),
    },
    post_ms: { p50: Math.round(percentile(postLatencies, 50)), max: Math.round(postLatencies.at(-1) ?? 0) },
    server_rss_mb: { before: Math.round(rssBefore), open: Math.round(rssOpen), end: Math.round(rssEnd) },
    kb_per_connection: Math.round(((rssOpen - rssBefore) * 1024) / streams.length),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os.loadavg()[0].toFixed(1)}`,
  };
  log(JSON.stringify(result));
} finally {
  await server.stop();
  agent.destroy();
}

const r = result;
fs.writeFileSync(path.join(root, 'bench/chat-report.json'), `${JSON.stringify(r, null, 2)}\n`);
fs.writeFileSync(
  path.join(root, 'bench/chat-report.md'),
  `# Screening chat: ${r.connections} connections, one message a second

\`node bench/chat.mjs --connections ${r.connections} --seconds ${r.messages + r.refused}\` on ${r.at} (${r.machine}); one
server.mjs on PGlite, the client streams in the same machine's bench process (both share the 2 cores).

| measure | value |
| --- | --- |
| streams open at once | ${r.connections} |
| messages written (refused) | ${r.messages} (${r.refused}) |
| events delivered / expected | ${r.delivered} / ${r.expected} |
| delivery latency p50 / p95 / p99 / max | ${r.latency_ms.p50} / ${r.latency_ms.p95} / ${r.latency_ms.p99} / ${r.latency_ms.max} ms |
| write request (POST) p50 / max | ${r.post_ms.p50} / ${r.post_ms.max} ms |
| server RSS before / with streams / at the end | ${r.server_rss_mb.before} / ${r.server_rss_mb.open} / ${r.server_rss_mb.end} MB |
| memory per connection (RSS growth / streams) | ${r.kb_per_connection} kB |

Latency is from the moment the write request leaves the bench to the moment each stream reads the
event: the write, its transaction, the NOTIFY, and the fan-out of one SSE string to every stream.
`,
);
console.log(fs.readFileSync(path.join(root, 'bench/chat-report.md'), 'utf8'));
