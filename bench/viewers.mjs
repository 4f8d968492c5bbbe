// Simulated viewers of one running screening (issue 15), run by bench/media.mjs as a child process so
// the load has a core of its own: every viewer fetches its live variant playlist and then the newest
// segment named in it, every two seconds, as hls.js does at the live edge. Viewers are added in stages;
// each stage reports the latency of every request measured from when it was due (so a client that
// falls behind shows as latency, and its own lag is reported beside it).
//
//   node bench/viewers.mjs <origin> <bases.json> <stage,stage,...> <stage seconds> <p99 limit ms>
//
// bases.json: one signed URL prefix per viewer (`/api/v1/media/hls/<token>/`). Prints one JSON line per
// stage and stops after the first stage whose p99 passes the limit or that has errors.
import fs from 'node:fs';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const [origin, basesFile, stagesText, stageSecondsText, limitText] = process.argv.slice(2);
const bases = JSON.parse(fs.readFileSync(basesFile, 'utf8'));
const stages = stagesText.split(',').map(Number);
const stageMs = Number(stageSecondsText) * 1000;
const limitMs = Number(limitText);
const PERIOD_MS = 2000;
const { hostname, port } = new URL(origin);
const HEADER_END = Buffer.from('\r\n\r\n');

let samples = [];
let errors = 0;

/**
 * One viewer's keep-alive connection, as a player holds one. A bare HTTP/1.1 client (requests written
 * by hand, answers read by Content-Length): node:http's client costs several times what the server
 * spends per request, and on two cores it, not the server, would set the limit.
 */
function connection() {
  let socket = null;
  let pending = null;
  // The answer being read: its chunks, and once its head is in, where its body starts and ends.
  let chunks = [];
  let received = 0;
  let bodyStart = -1;
  let bodyEnd = -1;
  let status = 0;
  const reset = (rest) => {
    chunks = rest.length ? [rest] : [];
    received = rest.length;
    bodyStart = -1;
    bodyEnd = -1;
  };
  const fail = () => {
    socket?.destroy();
    socket = null;
    reset(Buffer.alloc(0));
    const done = pending;
    pending = null;
    done?.({ status: 0, body: Buffer.alloc(0) });
  };
  const read = () => {
    if (!pending) return;
    if (bodyStart === -1) {
      const first = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      chunks = [first];
      const end = first.indexOf(HEADER_END);
      if (end === -1) return;
      const head = first.subarray(0, end).toString('latin1');
      status = Number(head.slice(9, 12));
      bodyStart = end + 4;
      bodyEnd = bodyStart + Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    }
    if (received < bodyEnd) return;
    const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
    const body = all.subarray(bodyStart, bodyEnd);
    reset(all.subarray(bodyEnd));
    const done = pending;
    pending = null;
    done({ status, body });
  };
  return (path) =>
    new Promise((resolve) => {
      pending = resolve;
      if (!socket) {
        socket = net.connect({ host: hostname, port: Number(port) });
        socket.setNoDelay(true);
        socket.on('data', (chunk) => {
          chunks.push(chunk);
          received += chunk.length;
          read();
        });
        socket.on('error', fail);
        socket.on('close', fail);
      }
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`, 'latin1');
    });
}

/** One viewer's fetch cycle, due at `due` (ms since the epoch). */
async function cycle(get, base, due) {
  const playlist = await get(`${base}v360/index.m3u8`);
  samples.push(performance.now() + performance.timeOrigin - due);
  if (playlist.status !== 200) {
    errors++;
    return;
  }
  const newest = playlist.body.toString().trim().split('\n').at(-1);
  const segmentDue = performance.now();
  const segment = await get(`${base}v360/${newest}`);
  samples.push(performance.now() - segmentDue);
  if (segment.status !== 200) errors++;
}

let running = true;
function startViewer(base) {
  const get = connection();
  // Viewers join at random moments, as a premiere's audience does.
  let due = Date.now() + Math.random() * PERIOD_MS;
  let busy = false;
  const tick = () => {
    if (!running) return;
    // A viewer whose last cycle has not finished skips this one (and counts as late in the next).
    if (!busy) {
      busy = true;
      void cycle(get, base, due).finally(() => (busy = false));
    }
    due += PERIOD_MS;
    setTimeout(tick, Math.max(0, due - Date.now()));
  };
  setTimeout(tick, due - Date.now());
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let started = 0;
for (const viewers of stages) {
  if (viewers > bases.length) break;
  while (started < viewers) startViewer(bases[started++]);
  // The first cycle of the new viewers is a join, not a steady state: measure after it.
  await new Promise((resolve) => setTimeout(resolve, PERIOD_MS));
  samples = [];
  errors = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await new Promise((resolve) => setTimeout(resolve, stageMs));
  lag.disable();
  const sorted = samples.sort((a, b) => a - b);
  const result = {
    viewers,
    requests: sorted.length,
    perSecond: Math.round(sorted.length / (stageMs / 1000)),
    p50: Math.round(percentile(sorted, 50) ?? 0),
    p99: Math.round(percentile(sorted, 99) ?? 0),
    errors,
    clientLagP99: Math.round(lag.percentile(99) / 1e6),
  };
  console.log(JSON.stringify(result));
  if (result.p99 > limitMs || errors > 0 || sorted.length === 0) break;
}
running = false;
process.exit(0);
