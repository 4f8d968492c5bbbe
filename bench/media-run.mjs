// `npm run bench:media`: the media part of the bench on its own (bench/media.mjs). Builds into
// dist-bench when the sources are newer, starts server.mjs on 127.0.0.1 with a fresh DATA_DIR, measures,
// then replaces the media section of bench/report.md and the media figures and targets of report.json.
//
//   npm run bench:media -- [--duration 10] [--connections 50]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { childEnv, ensurePinnedNode, freePort, root, waitForUrl } from '../scripts/lib.mjs';
import { measureMedia, mediaMarkdown, mediaTargets } from './media.mjs';

ensurePinnedNode();
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const started = Date.now();
const log = (message) =>
  console.log(`[bench:media ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-media-data-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: childEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: origin,
    DIST_DIR: 'dist-bench',
    BUILD: 'auto',
  }),
});
let alive = true;
const exited = new Promise((resolve) => server.on('exit', () => resolve((alive = false))));
async function stop() {
  if (alive) server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

let media;
try {
  // A build first, when the sources are newer than dist-bench, takes minutes on two cores.
  await waitForUrl(`${origin}/api/v1/health`, 20 * 60_000, () => alive);
  log(`server.mjs up on ${origin}`);
  media = await measureMedia({
    origin,
    dataDir,
    log,
    duration: Number(args.duration),
    connections: Number(args.connections),
  });
} finally {
  await stop();
}

const jsonFile = path.join(import.meta.dirname, 'report.json');
const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
report.media = media;
report.targets = [...report.targets.filter((t) => t.group !== 'media'), ...mediaTargets(media)];
fs.writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);

const mdFile = path.join(import.meta.dirname, 'report.md');
const text = fs.readFileSync(mdFile, 'utf8');
const at = text.indexOf('\n## Media at scale');
const prettier = await import('prettier');
const options = (await prettier.resolveConfig(mdFile)) ?? {};
fs.writeFileSync(
  mdFile,
  await prettier.format((at === -1 ? text : text.slice(0, at)) + mediaMarkdown(media), {
    ...options,
    parser: 'markdown',
  }),
);
for (const t of mediaTargets(media)) console.log(`${t.pass ? 'pass' : 'FAIL'}  ${t.target}: ${t.measured}`);
log('wrote the media section of bench/report.md and bench/report.json');
