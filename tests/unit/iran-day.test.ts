import { describe, expect, it } from 'vitest';
import { addDays, iranDay, iranDayStart, startOfIranDay, tehranTime, tehranWallClock } from '~/lib/iran-day';

describe("Iran's days, from the Asia/Tehran zone", () => {
  it('starts a day at midnight in Tehran (UTC+03:30 since 2022)', () => {
    expect(iranDayStart('2026-11-23').toISOString()).toBe('2026-11-22T20:30:00.000Z');
    expect(startOfIranDay(new Date('2026-03-21T20:29:59Z')).toISOString()).toBe('2026-03-20T20:30:00.000Z');
    expect(startOfIranDay(new Date('2026-03-21T20:30:00Z')).toISOString()).toBe('2026-03-21T20:30:00.000Z');
  });

  it('names the Iranian day a moment falls on', () => {
    expect(iranDay(new Date('2026-11-22T20:29:59.999Z'))).toBe('2026-11-22');
    expect(iranDay(new Date('2026-11-22T20:30:00Z'))).toBe('2026-11-23');
    expect(iranDay(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });

  it("reads Tehran's wall clock at a moment", () => {
    expect(tehranWallClock(new Date('2026-11-23T16:00:05.250Z')).toISOString()).toBe(
      '2026-11-23T19:30:05.000Z',
    );
    expect(tehranWallClock(new Date('2021-06-01T00:00:00Z')).toISOString()).toBe('2021-06-01T04:30:00.000Z');
  });

  it('places a Tehran wall-clock time on a day, across months and years', () => {
    expect(tehranTime('2026-11-23', '19:30').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(tehranTime(addDays('2026-12-31', 1), '02:00').toISOString()).toBe('2026-12-31T22:30:00.000Z');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('follows the offset Tehran kept on the day, not a fixed one (summer time until 2022)', () => {
    // In June 2021 Tehran kept UTC+04:30.
    expect(iranDayStart('2021-06-01').toISOString()).toBe('2021-05-31T19:30:00.000Z');
    expect(iranDay(new Date('2021-05-31T19:45:00Z'))).toBe('2021-06-01');
    // The night summer time began (2021-03-22 00:00 became 01:00): the day began at 20:30Z as before.
    expect(iranDayStart('2021-03-22').toISOString()).toBe('2021-03-21T20:30:00.000Z');
    expect(tehranTime('2021-03-22', '12:00').toISOString()).toBe('2021-03-22T07:30:00.000Z');
  });
});
