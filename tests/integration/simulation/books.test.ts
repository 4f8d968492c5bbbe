import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseUnderTest } from '../harness';
import { checkRun, LedgerReplay } from './invariants';
import { runPlan, type RunPlan } from './plan';
import { describe as describeAction, finish, perform, prepareRun, startSim, type Sim } from './world';

/**
 * The books under a fault simulator (issue 27, decision record 0040): seeded runs of buyers, the
 * gateway, two instances and finance staff, with faults drawn from the seed, against the real
 * database; after every run the rules of invariants.ts must hold. A failure prints the shortest
 * schedule fast-check shrank it to and the command that replays it:
 *
 *   SIM_SEED=<seed> SIM_PATH=<path> npx vitest run --project integration tests/integration/simulation/books.test.ts
 *
 * (or `npm run sim -- --seed <seed> --path <path>`). SIM_RUNS sets the number of runs (npm test: 200;
 * `npm run bench:sim` runs 10,000 and more).
 */

const seed = Number(process.env['SIM_SEED'] ?? 27_0040);
const numRuns = Number(process.env['SIM_RUNS'] ?? 200);
const path = process.env['SIM_PATH'] || undefined;

let sim: Sim;
const ledger = new LedgerReplay();

beforeAll(async () => {
  sim = await startSim();
  // The ledger as the seed left it: every run is judged against what was there before it.
  expect(await ledger.check(sim.app.ctx)).toEqual([]);
});
afterAll(() => sim?.close());

class BooksBroken extends Error {}

async function simulate(plan: RunPlan): Promise<void> {
  const run = await prepareRun(sim, plan);
  for (const round of plan.rounds) {
    await Promise.all(round.map(({ action, onSibling }) => perform(run, action, onSibling)));
  }
  await finish(run);
  const problems = [...run.unexpected, ...(await checkRun(sim, run)), ...(await ledger.check(sim.app.ctx))];
  if (problems.length > 0) throw new BooksBroken(problems.join('\n'));
}

/** The shrunk schedule, one line a round, and the command that runs it again. */
function report(details: fc.RunDetails<[RunPlan]>): string {
  const [plan] = details.counterexample!;
  const rounds = plan.rounds.map(
    (round, index) =>
      `  ${index + 1}. ${round.map(({ action, onSibling }) => `${describeAction(action)}${onSibling ? ' [instance 2]' : ''}`).join('  ‖  ')}`,
  );
  const error = details.errorInstance;
  return [
    `The books broke on ${databaseUnderTest} (seed ${details.seed}, run ${details.numRuns}, shrunk ${details.numShrinks} times).`,
    `Shortest schedule found: ${plan.buyers} buyer(s), ${plan.stock} piece(s) of goods; the actions of a round run at once:`,
    ...rounds,
    '  then: 45 minutes pass, waiting reversals are asked again, both instances sweep at once, then one more sweep.',
    'Broken:',
    error instanceof Error ? error.message : String(error),
    'Replay:',
    `  SIM_SEED=${details.seed} SIM_PATH=${details.counterexamplePath} npx vitest run --project integration tests/integration/simulation/books.test.ts`,
  ].join('\n');
}

it(
  `the books hold under ${numRuns} seeded runs with faults (seed ${seed})`,
  async () => {
    const started = performance.now();
    const details = await fc.check(fc.asyncProperty(runPlan, simulate), {
      seed,
      numRuns,
      path,
      endOnFailure: !!path,
    });
    if (details.failed) throw new Error(report(details));
    expect(details.numRuns).toBe(path ? details.numRuns : numRuns);
    // Read by bench/sim.mjs; one line, so the test report stays quiet otherwise.
    if (process.env['SIM_REPORT']) {
      console.log(
        `SIM ${JSON.stringify({ database: databaseUnderTest, seed, runs: details.numRuns, ms: Math.round(performance.now() - started) })}`,
      );
    }
  },
  // Generous: on the shared machine under load a run took up to 2 s (decision record 0040).
  Math.max(60_000, numRuns * 5_000),
);
