import type { Database } from '../db/client';
import { log } from './log';
import { jobDuration, jobLastSuccess, jobRuns } from './metrics';

/**
 * Runs the job `name` now and then every `intervalMs`, one run at a time (a slow run delays the next
 * rather than overlapping it), and on one instance at a time: each run holds the database lock
 * `job:<name>`, and an instance that finds it held skips that run, since another is doing the same
 * work (docs/decisions/0033-one-runner-per-job.md). A failed run is logged under `name` and the next
 * one runs as planned. Every periodic job runs through here, the one place to watch them: each run
 * is counted by outcome (succeeded, skipped, failed) and timed (decision record 0034). The
 * returned function stops it and waits for the run in progress, so the database can close after.
 */
export function runPeriodically(
  database: Database,
  name: string,
  task: () => Promise<unknown>,
  intervalMs: number,
): () => Promise<void> {
  const run = async () => {
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      const ran = await database.exclusively(`job:${name}`, async () => {
        await task();
      });
      jobRuns.inc({ task: name, outcome: ran ? 'succeeded' : 'skipped' });
      if (ran) {
        jobDuration.observe({ task: name }, took());
        jobLastSuccess.set({ task: name }, Date.now() / 1000);
      }
    } catch (error) {
      jobRuns.inc({ task: name, outcome: 'failed' });
      jobDuration.observe({ task: name }, took());
      log.error({ err: error, task: name }, `job ${name} failed`);
    }
  };
  let running: Promise<unknown> = run();
  const timer = setInterval(() => {
    running = running.then(run);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
