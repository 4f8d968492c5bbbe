import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../scripts/data-dir-lock.mjs';

/** server.mjs's guard: one server per DATA_DIR, and a dead server's lock does not stop the next one. */

const onLinux = fs.existsSync('/proc/self/stat');

function stateOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** Starts a shell that leaves a zombie child behind (nobody reaps it); resolves with the zombie's pid. */
async function zombie(children: ChildProcess[]): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(parent);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (data) => resolve(Number(data))),
  );
  await expect.poll(() => stateOf(pid), { timeout: 5_000 }).toBe('Z');
  return pid;
}

describe('the DATA_DIR lock', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-lock-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const lockFile = () => path.join(dataDir, 'server.pid');

  it('is taken, refused to a second taker while its holder runs, and given back', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(holder);
    fs.writeFileSync(lockFile(), String(holder.pid));
    expect(() => lockDataDir(dataDir)).toThrow(`another server (pid ${holder.pid}) already uses`);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it.runIf(onLinux)('is taken over from a killed server its parent has not reaped yet', async () => {
    fs.writeFileSync(lockFile(), String(await zombie(children)));
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it.runIf(onLinux)('is taken over when its pid now belongs to another process', () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    // The lock's process had this pid but started at another moment (before a restart of the machine).
    fs.writeFileSync(lockFile(), `${other.pid} 1`);
    const release = lockDataDir(dataDir);
    release();
  });
});
