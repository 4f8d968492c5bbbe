// One of bench/chat.mjs's reader processes (forked by it, never run alone): opens its share of the chat
// streams and notes when each stream reads each bench message. Several such processes read the 2,000
// streams, so the readers' own parsing is spread over the machine's cores instead of queueing in one
// event loop, and the latency measures the server rather than the bench.
//
// argv[2]: JSON { origin, id, token, count }. Messages to the parent: { type: 'open', streams } once
// all are open; on { type: 'mark' } it starts counting its CPU time; on { type: 'report' } it answers
// { type: 'report', receipts: [message, receivedAt, ...], outOfOrder, cpuMs } and exits.
import http from 'node:http';

const { origin, id, token, count } = JSON.parse(process.argv[2]);
const now = () => performance.timeOrigin + performance.now();
/** Flat pairs: the bench message's number, the time a stream read it (ms since the epoch). */
const receipts = [];
/** Messages a stream read after a later one (the chat keeps the order in which they were written). */
let outOfOrder = 0;

function openStream() {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${origin}/api/v1/screenings/${id}/chat/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
        if (res.headers['content-encoding']) return reject(new Error('the stream came compressed'));
        res.setEncoding('utf8');
        let buffer = '';
        let last = -1;
        res.on('data', (chunk) => {
          const at = now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.startsWith('event: message\n')) continue;
            const { body } = JSON.parse(block.slice(block.indexOf('data: ') + 6));
            const n = Number(/^bench (\d+) /.exec(body)?.[1] ?? -1);
            if (n < 0) continue;
            if (n <= last) outOfOrder++;
            last = n;
            receipts.push(n, at);
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

const streams = [];
try {
  // 50 at a time per process: the opening is measured too, without a burst of thousands at once.
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) batch.push(openStream());
    streams.push(...(await Promise.all(batch)));
  }
} catch (error) {
  process.send({ type: 'error', message: String(error) });
  process.exit(1);
}
let cpuMark = process.cpuUsage();
process.on('message', (message) => {
  if (message.type === 'mark') cpuMark = process.cpuUsage();
  if (message.type === 'report') {
    const cpu = process.cpuUsage(cpuMark);
    process.send({ type: 'report', receipts, outOfOrder, cpuMs: (cpu.user + cpu.system) / 1000 }, () => {
      for (const req of streams) req.destroy();
      process.exit(0);
    });
  }
});
// The bench ended (or failed) without asking for the report: nothing is left running.
process.on('disconnect', () => process.exit(0));
process.send({ type: 'open', streams: streams.length });
