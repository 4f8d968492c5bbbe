import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, demoSeedSteps } from '~/server/db/schema';
import { seedDemoData } from '~/server/demo/seed';
import type { SeedStep } from '~/server/demo/step';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

/** A step that leaves a visible trace, so the test can count how often it ran. */
function tracingStep(name: string, runs: string[]): SeedStep {
  return {
    name,
    run: async () => {
      runs.push(name);
    },
  };
}

describe(`demo seeding on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('applies each step once, also when two instances start together, and later steps on a later start', async () => {
    const { db } = app.ctx.database;
    const runs: string[] = [];
    const first = [tracingStep('one', runs)];
    const together = await Promise.all([
      seedDemoData(db, app.clock, first),
      seedDemoData(db, app.clock, first),
    ]);
    expect(together.flat()).toEqual(['one']);
    expect(await seedDemoData(db, app.clock, first)).toEqual([]);

    const later = [...first, tracingStep('two', runs)];
    expect(await seedDemoData(db, app.clock, later)).toEqual(['two']);
    expect(runs).toEqual(['one', 'two']);
    expect((await db.select().from(demoSeedSteps)).map((row) => row.name).sort()).toEqual(['one', 'two']);
  });

  it('rolls a failed step back so the next start retries it', async () => {
    const { db } = app.ctx.database;
    const failing: SeedStep = {
      name: 'flaky',
      run: async () => {
        throw new Error('disk full');
      },
    };
    await expect(seedDemoData(db, app.clock, [failing])).rejects.toThrow('disk full');
    const runs: string[] = [];
    expect(await seedDemoData(db, app.clock, [tracingStep('flaky', runs)])).toEqual(['flaky']);
  });

  it('never puts demo data into a database that already holds real messages', async () => {
    const other = await startTestApp();
    try {
      const { db } = other.ctx.database;
      await db.insert(contactMessages).values({
        fullName: 'A visitor',
        phone: '+989121234567',
        email: 'a@example.com',
        subject: 'Hi',
        message: 'Hello',
        locale: 'en',
        clientAddress: '192.0.2.1',
      });
      const runs: string[] = [];
      expect(await seedDemoData(db, other.clock, [tracingStep('catalogue', runs)])).toEqual([]);
      expect(runs).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
