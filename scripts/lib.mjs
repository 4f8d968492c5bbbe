// Helpers shared by the scripts (test, migrate, storage:migrate...) and the benchmarks. Node built-ins only.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.mjs';

export const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'node_modules/.bin');

/**
 * When started by an older system Node (`node scripts/test.mjs` instead of `npm test`), runs the same
 * script again on the pinned Node 24 from node_modules and exits with its status.
 */
export function ensurePinnedNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return;
  const pinned = path.join(root, 'node_modules/node/bin/node');
  if (!isExecutable(pinned)) {
    console.error(
      `Node ${process.versions.node} is too old and node_modules has no Node 24: run npm install.`,
    );
    process.exit(1);
  }
  const result = spawnSync(pinned, process.argv.slice(1), { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

/**
 * The environment for child processes: the pinned Node (the one running us) and node_modules/.bin come
 * first on PATH, so tools with a `#!/usr/bin/env node` line never fall back to an older system Node.
 */
export function childEnv(extra = {}) {
  const PATH = [path.dirname(process.execPath), bin, process.env.PATH ?? ''].join(path.delimiter);
  return { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...extra, PATH };
}

/**
 * For the release scripts that run the build the server runs with the server's configuration (migrate,
 * storage:migrate): the build's server/runtime.mjs (DIST_DIR, default dist) and its loadConfig()'s
 * result. For the embedded database DATA_DIR is locked first, as server.mjs does: PGlite is
 * single-process, so not while a server has the same files open. `createDataDir` makes DATA_DIR when
 * missing (an empty one to migrate). Every failure goes to `fail(message)`, which must exit.
 * @param {(message: string) => void} fail
 */
export async function openBuiltRuntime(fail, { createDataDir = false } = {}) {
  process.env.APP_ROOT ??= root;
  const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
  const file = path.join(dist, 'server/runtime.mjs');
  if (!fs.existsSync(file)) fail(`no build at ${dist}: run \`npm run build\` first`);
  if (!(process.env.DATABASE_URL || '').startsWith('postgres')) {
    const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
    if (createDataDir) fs.mkdirSync(dataDir, { recursive: true });
    try {
      lockDataDir(dataDir);
    } catch (error) {
      fail(error.message);
    }
  }
  const runtime = await import(file);
  let config;
  try {
    config = runtime.loadConfig();
  } catch (error) {
    fail(error.message);
  }
  return { runtime, config };
}

/** Path of a tool installed in node_modules/.bin. */
export const tool = (name) => path.join(bin, name);

const children = new Set();

/** Runs a command with inherited output; resolves with its exit code (signals count as failure). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      ...options,
      env: options.env ?? childEnv(),
    });
    children.add(child);
    child.on('error', (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      children.delete(child);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 1) : 1));
    });
  });
}

/** Stops the children `run` started that are still running (used on SIGINT/SIGTERM). */
export function killChildren(signal = 'SIGTERM') {
  for (const child of children) child.kill(signal);
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers (any status below 500) or the time runs out. */
export async function waitForUrl(url, timeoutMs = 120_000, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`the process serving ${url} exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
export const hasAptGet = () => fs.existsSync('/usr/bin/apt-get') && fs.existsSync('/etc/debian_version');

let aptUpdated = false;
/** `apt-get install -y` on a root Debian machine (one `apt-get update` per process). */
export async function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    console.log('$ apt-get update');
    if ((await run('apt-get', ['update'], { env })) !== 0) return false;
    aptUpdated = true;
  }
  console.log(`$ apt-get install -y --no-install-recommends ${packages.join(' ')}`);
  return (await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env })) === 0;
}

/** Chromium for Playwright and Lighthouse: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Finds the directory of PostgreSQL binaries (by default the server's, initdb and postgres; the backup
 * scripts ask for pg_dump or pg_restore): PG_BINDIR, `pg_config --bindir`, then /usr/lib/postgresql/N.
 */
export function findPostgresBin(tools = ['initdb', 'postgres']) {
  const candidates = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  } catch {
    // no pg_config on PATH
  }
  try {
    const versions = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  } catch {
    // not a Debian layout
  }
  return candidates.find((dir) => tools.every((tool) => isExecutable(path.join(dir, tool))));
}

/** uid/gid of a system user, or undefined. */
export function systemUser(name) {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { name, uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * Starts a throwaway PostgreSQL server: a fresh cluster in a temp dir, trust auth, listening on
 * 127.0.0.1:<free port> with its unix socket inside the temp dir. PostgreSQL refuses to run as root, so as
 * root the cluster belongs to the `postgres` system user. `stop()` shuts it down and deletes the files.
 */
export async function startPostgres(binDir, { log = console.log } = {}) {
  const user = isRoot() ? (systemUser('postgres') ?? systemUser('nobody')) : undefined;
  if (isRoot() && !user) throw new Error('running as root but there is no `postgres` (or `nobody`) user');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const pgEnv = { ...process.env, LC_ALL: 'C', LANG: 'C' };
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });

  try {
    execFileSync(
      path.join(binDir, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
      { ...as, cwd: dir, env: pgEnv, stdio: 'pipe' },
    );
  } catch (error) {
    cleanup();
    throw new Error(`initdb failed: ${error.stderr?.toString() || error.message}`, { cause: error });
  }

  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  if (user) fs.fchownSync(out, user.uid, user.gid);
  const server = spawn(
    path.join(binDir, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    { ...as, cwd: dir, env: pgEnv, stdio: ['ignore', out, out], detached: false },
  );
  fs.closeSync(out);
  let exited = false;
  const exitedPromise = new Promise((resolve) => server.on('exit', () => resolve((exited = true))));

  const stop = async () => {
    if (!exited) {
      server.kill('SIGINT'); // fast shutdown
      await Promise.race([exitedPromise, sleep(10_000)]);
      if (!exited) server.kill('SIGKILL');
      await Promise.race([exitedPromise, sleep(2_000)]);
    }
    cleanup();
  };

  // Ready when pg_isready says so.
  const until = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      cleanup();
      throw new Error(`postgres exited during start:\n${text}`);
    }
    try {
      execFileSync(path.join(binDir, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)], {
        stdio: 'ignore',
      });
      break;
    } catch {
      if (Date.now() > until) {
        await stop();
        throw new Error('postgres did not become ready within 30 s');
      }
      await sleep(200);
    }
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(
    `PostgreSQL ${path.basename(path.dirname(binDir))} ready at ${url} (cluster in ${dir}${user ? `, user ${user.name}` : ''})`,
  );
  return { url, port, dir, stop };
}
