// The search suggestions part of `npm run bench` (issue 25), called by bench/run.mjs while its server
// runs; also on its own against a running server: `node bench/suggest.mjs --origin http://127.0.0.1:4321`.
//
// GET /api/v1/search/suggest under autocannon, bounded to REQUESTS requests a run, p99 against the issue's
// target (< 100 ms from the server):
//   1. typing: names typed a letter at a time in Persian (Arabic and Persian letters) and Latin, every
//      prefix asked in turn by CONNECTIONS viewers at once, as the search box asks them (repeats are
//      answered from the caches, as they are in use);
//   2. cold: REQUESTS distinct queries (a prefix and two more letters), none asked before, so every one
//      goes through the suggestion index instead of a cache.
import { parseArgs } from 'node:util';

const REQUESTS = 2_000;
const CONNECTIONS = 20;
const TARGET_MS = 100;

/** What viewers type: Persian with Arabic letters or a ZWNJ, Persian digits, and Latin. */
const NAMES = [
  'كيارستمي',
  'kiarostami',
  'جدایی نادر',
  'a separation',
  'بچه‌های آسمان',
  'children of heaven',
  'فرهادی',
  'farhadi',
  'خانه دوست کجاست',
  'درام',
  'drama',
  'شهرزاد',
  '۲۰ انگشت',
  'the salesman',
];
const LETTERS = [...'abcdefghijklmnopqrstuvwxyzابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی'];

const prefixes = [
  ...new Set(NAMES.flatMap((name) => [...name].map((_, i) => name.slice(0, i + 1).trim()))),
].filter(Boolean);
const pathOf = (q) => `/api/v1/search/suggest?q=${encodeURIComponent(q)}`;

/**
 * REQUESTS queries no run asked before: a prefix and two more letters, from a random place in the
 * list of all such (half a million), so a second run against the same server is cold too.
 */
function coldQueries() {
  const queries = new Set();
  const count = prefixes.length * LETTERS.length * LETTERS.length;
  for (let n = Math.floor(Math.random() * count); queries.size < REQUESTS; n = (n + 7919) % count) {
    const prefix = prefixes[n % prefixes.length];
    const rest = Math.floor(n / prefixes.length);
    queries.add(`${prefix}${LETTERS[rest % LETTERS.length]}${LETTERS[Math.floor(rest / LETTERS.length)]}`);
  }
  return [...queries];
}

/** One bounded autocannon run asking `queries` in turn (shared by all connections, so each is asked once a pass). */
async function run(origin, queries) {
  const { default: autocannon } = await import('autocannon');
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    amount: REQUESTS,
    pipelining: 1,
    timeout: 10,
    requests: [
      { setupRequest: (request) => ({ ...request, path: pathOf(queries[next++ % queries.length]) }) },
    ],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export async function measureSuggest({ origin, log = console.log }) {
  const typing = await run(origin, prefixes);
  log(`suggest typing: p99 ${typing.p99Ms} ms, ${typing.requestsPerSecond} req/s, ${typing.errors} errors`);
  const cold = await run(origin, coldQueries());
  log(`suggest cold: p99 ${cold.p99Ms} ms, ${cold.requestsPerSecond} req/s, ${cold.errors} errors`);
  const target = (name, figures) => ({
    path: '/api/v1/search/suggest',
    target: `${name}: p99 < ${TARGET_MS} ms, ${REQUESTS} requests at ${CONNECTIONS} connections`,
    measured: `p99 ${figures.p99Ms} ms, ${figures.requestsPerSecond} req/s, ${figures.errors} errors`,
    pass: figures.p99Ms < TARGET_MS && figures.errors === 0,
  });
  return { typing, cold, targets: [target('typing', typing), target('cold', cold)] };
}

export function suggestMarkdown(result) {
  if (!result) return '';
  const line = (label, f) =>
    `| ${label} | ${f.requests} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.maxMs} | ${f.errors} |`;
  return [
    '',
    `## Search suggestions (autocannon, ${CONNECTIONS} connections, ${REQUESTS} requests a run)`,
    '',
    'Typing: names typed a letter at a time (Persian with Arabic letters, a ZWNJ, Persian digits; Latin),',
    'every prefix in turn, repeats answered from the caches. Cold: as many distinct queries, none asked',
    `before, each through the suggestion index. Target: p99 < ${TARGET_MS} ms.`,
    '',
    '| run | requests | req/s | p50 ms | p99 ms | max ms | errors |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    line('typing', result.typing),
    line('cold', result.cold),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { origin: { type: 'string' } } });
  if (!values.origin) throw new Error('usage: node bench/suggest.mjs --origin http://127.0.0.1:4321');
  const result = await measureSuggest({ origin: values.origin });
  console.log(suggestMarkdown(result));
  process.exitCode = result.targets.every((t) => t.pass) ? 0 : 1;
}
