/**
 * Runs `task` now and then every `intervalMs`, one run at a time (a slow run delays the next rather
 * than overlapping it); a failed run is logged under `label` and the next one runs as planned. The
 * returned function stops it and waits for the run in progress, so the database can close after.
 */
export function runPeriodically(
  label: string,
  task: () => Promise<unknown>,
  intervalMs: number,
): () => Promise<void> {
  const run = () => task().catch((error: unknown) => console.error(`${label} failed`, error));
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
