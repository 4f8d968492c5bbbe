// `npm run bench:media`: the media part of the bench on its own (bench/media.mjs). Builds into
// dist-bench when the sources are newer, starts server.mjs on 127.0.0.1 with a fresh DATA_DIR, measures,
// then replaces the media section of bench/report.md and the media figures and targets of report.json.
//
// Then the segments from the bucket (issue 28): a second server.mjs on a local S3-compatible bucket.
//
//   npm run bench:media -- [--duration 10] [--connections 50] [--only bucket]
//   (DIST_DIR=dist-<yours> to build and use another folder than dist-bench)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePinnedNode, root } from '../scripts/lib.mjs';
import { startBenchServer } from './lib.mjs';
import { measureBucketMedia, measureMedia, mediaMarkdown, mediaTargets } from './media.mjs';

ensurePinnedNode();
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // `bucket`: only the segments from the bucket (issue 28), keeping the other figures of the report.
    only: { type: 'string', default: 'all' },
  },
});
const started = Date.now();
const log = (message) =>
  console.log(`[bench:media ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
const measure = { duration: Number(args.duration), connections: Number(args.connections) };

/** startBenchServer with the server's log shown; stopped by stopAll. */
async function startServer(env) {
  const server = await startBenchServer({ name: 'media-data', env, stdout: 'inherit', log });
  stops.push(server.stop);
  return server;
}

/**
 * A local S3-compatible server (fauxqs, in this process, on 127.0.0.1) with a bucket holding the demo
 * packages as packaging publishes them (no key.bin), for a server.mjs on STORAGE_URL.
 */
async function startBucket() {
  const [{ buildApp }, s3] = await Promise.all([import('fauxqs'), import('@aws-sdk/client-s3')]);
  const fauxqs = buildApp({ logger: false });
  await fauxqs.listen({ port: 0, host: '127.0.0.1' });
  const endpoint = `http://127.0.0.1:${fauxqs.server.address().port}`;
  const credentials = { accessKeyId: 'bench', secretAccessKey: 'bench-secret' };
  const client = new s3.S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  const bucket = 'bench-media';
  await client.send(new s3.CreateBucketCommand({ Bucket: bucket }));
  const demo = path.join(root, 'media', 'demo');
  const files = fs
    .readdirSync(demo, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'key.bin')
    .map((entry) => path.relative(demo, path.join(entry.parentPath, entry.name)))
    .sort((a, b) => Number(a.endsWith('package.json')) - Number(b.endsWith('package.json')));
  for (const file of files) {
    const type = file.endsWith('.mpegts')
      ? 'video/mp2t'
      : file.endsWith('.vtt')
        ? 'text/vtt; charset=utf-8'
        : undefined;
    await client.send(
      new s3.PutObjectCommand({
        Bucket: bucket,
        Key: `media/${file.split(path.sep).join('/')}`,
        Body: fs.readFileSync(path.join(demo, file)),
        ContentType: type,
      }),
    );
  }
  log(`bucket ${bucket} on ${endpoint}: ${files.length} files of the demo packages`);
  stops.push(async () => {
    client.destroy();
    await fauxqs.close();
  });
  return {
    endpoint,
    path: `/${bucket}/`,
    env: {
      STORAGE_URL: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=1`,
      STORAGE_ACCESS_KEY_ID: credentials.accessKeyId,
      STORAGE_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
  };
}

const stops = [];
const stopAll = async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

const jsonFile = path.join(import.meta.dirname, 'report.json');
const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
let media = report.media;
try {
  if (args.only !== 'bucket') {
    const server = await startServer({});
    media = await measureMedia({ origin: server.origin, dataDir: server.dataDir, log, ...measure });
    await server.stop();
  }
  const bucket = await startBucket();
  const server = await startServer({ ...bucket.env, MEDIA_CACHE_MB: '0' });
  media = { ...media, bucket: await measureBucketMedia({ origin: server.origin, bucket, log, ...measure }) };
} finally {
  await stopAll();
}

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
