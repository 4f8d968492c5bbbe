// The one-server-per-DATA_DIR guard of server.mjs: PGlite is single-process, and a second server on
// the same files would corrupt them. Node built-ins only (server.mjs runs it before anything is built).
import fs from 'node:fs';
import path from 'node:path';

/**
 * A process's state and start time (clock ticks after boot) from Linux's /proc; undefined where there
 * is no /proc or no such process.
 * @param {number} pid
 * @returns {{ state: string, startTime: string } | undefined}
 */
function processStat(pid) {
  let stat;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2, the command name, may hold spaces and parentheses: count the fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

/**
 * Whether the process that wrote a lock still runs. A killed process stays in the process table as a
 * zombie until its parent reaps it, and signal 0 still reaches it: its state says it is dead. A pid
 * can also be reused by an unrelated process (after a restart of the machine or container): the start
 * time recorded with the pid tells them apart.
 * @param {number} pid
 * @param {string | undefined} startTime
 */
function isRunning(pid, startTime) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH') return false;
  }
  const stat = processStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return !startTime || stat.startTime === startTime;
}

/**
 * Takes `DATA_DIR/server.pid` for this process and gives it back on exit. Throws when a running server
 * holds it; a lock left by a dead process (crashed, killed, not yet reaped) is taken over.
 * @param {string} dataDir
 * @returns {() => void} releases the lock (also done on exit)
 */
export function lockDataDir(dataDir) {
  const lockFile = path.join(dataDir, 'server.pid');
  const own = [process.pid, processStat(process.pid)?.startTime].filter(Boolean).join(' ');
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, own, { flag: 'wx' });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const [pid = 0, startTime] = fs.readFileSync(lockFile, 'utf8').trim().split(' ');
    const holder = Number(pid);
    if (holder && holder !== process.pid && isRunning(holder, startTime)) {
      throw new Error(
        `another server (pid ${holder}) already uses ${dataDir}; PGlite allows one process per DATA_DIR.`,
      );
    }
    // Stale: its process is gone. Taken over by removing it and creating ours, so two servers starting
    // at once cannot both win.
    fs.rmSync(lockFile, { force: true });
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === own) fs.rmSync(lockFile);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}
