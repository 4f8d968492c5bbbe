import type { Database } from '../db/client';

/**
 * Runs the job `name` now and then every `intervalMs`, one run at a time (a slow run delays the next
 * rather than overlapping it), and on one instance at a time: each run holds the database lock
 * `job:<name>`, and an instance that finds it held skips that run, since another is doing the same
 * work (docs/decisions/0033-one-runner-per-job.md). A failed run is logged under `name` and the next
 * one runs as planned. Every periodic job runs through here, the one place to watch them. The
 * returned function stops it and waits for the run in progress, so the database can close after.
 */
export function runPeriodically(
  database: Database,
  name: string,
  task: () => Promise<unknown>,
  intervalMs: number,
): () => Promise<void> {
  const run = () =>
    database
      .exclusively(`job:${name}`, async () => {
        await task();
      })
      .catch((error: unknown) => console.error(`[jobs] ${name} failed`, error));
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
