import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findPostgresBin, isRoot, sleep, startPostgres, systemUser } from '../../scripts/lib.mjs';

/** A PostgreSQL server of a test's own, which the test may stop and start again on the same port. */
export interface OwnPostgres {
  url: string;
  /** Shuts the server down (fast shutdown: sessions are ended) and waits until it is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same files and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /**
   * Freezes every process of the server (SIGSTOP): connections stay open and nothing answers, as with a
   * host that hangs or a network that drops packets. `thaw()` lets it go on.
   */
  freeze(): void;
  thaw(): void;
  /** Stops it for good and deletes its files. */
  close(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const binDir = findPostgresBin();
  if (!binDir)
    throw new Error('no PostgreSQL binaries (initdb, postgres); install postgresql or set PG_BINDIR');
  const server = await startPostgres(binDir, { log: () => {} });
  const data = path.join(server.dir, 'data');
  const pidFile = path.join(data, 'postmaster.pid');
  const user = isRoot() ? (systemUser('postgres') ?? systemUser('nobody')) : undefined;
  let restarted: ChildProcess | undefined;

  const stop = async () => {
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; fs.existsSync(pidFile); waited += 50) {
      if (waited > 15_000) throw new Error('PostgreSQL did not stop within 15 s');
      await sleep(50);
    }
  };

  const start = async () => {
    restarted = spawn(
      path.join(binDir, 'postgres'),
      ['-D', data, '-p', String(server.port), '-h', '127.0.0.1', '-k', server.dir, '-c', 'fsync=off'],
      { ...(user ? { uid: user.uid, gid: user.gid } : {}), stdio: 'ignore' },
    );
    for (let waited = 0; ; waited += 100) {
      try {
        execFileSync(path.join(binDir, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(server.port)]);
        return;
      } catch {
        if (waited > 30_000) throw new Error('PostgreSQL did not start again within 30 s');
        await sleep(100);
      }
    }
  };

  /** The postmaster and its children (a backend per connection, the background workers). */
  const processes = () => {
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' });
    return [postmaster, ...children.split('\n').filter(Boolean).map(Number)];
  };

  return {
    url: server.url,
    stop,
    start,
    freeze: () => {
      for (const pid of processes()) process.kill(pid, 'SIGSTOP');
    },
    thaw: () => {
      for (const pid of processes()) process.kill(pid, 'SIGCONT');
    },
    close: async () => {
      // A test that failed while the server was frozen must not leave it so.
      if (fs.existsSync(pidFile)) for (const pid of processes()) process.kill(pid, 'SIGCONT');
      if (restarted) await stop();
      await server.stop();
    },
  };
}
