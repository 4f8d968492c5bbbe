import { describe, expect, it } from 'vitest';
import { admitsOnConfirm, defaultSession } from '~/islands/cafes/desk-sessions';
import type { DeskSession } from '~/shared/cafes';

/** Sessions of one cafe on 2026-03-21 (Tehran is UTC+03:30): 17:00-19:00, 18:30-20:30, 21:00-23:00. */
const session = (id: number, starts: string, ends: string): DeskSession => ({
  id,
  title: `عنوان ${id}`,
  en_title: `Title ${id}`,
  starts_at: new Date(`2026-03-21T${starts}:00+03:30`).toISOString(),
  ends_at: new Date(`2026-03-21T${ends}:00+03:30`).toISOString(),
  sold: 10,
  checked_in: 0,
});
const early = session(1, '17:00', '19:00');
const overlapping = session(2, '18:30', '20:30');
const late = session(3, '21:00', '23:00');
const sessions = [early, overlapping, late];
const at = (time: string, date = '2026-03-21') => Date.parse(`${date}T${time}:00+03:30`);

describe('the cafe door defaults to the session running now or next', () => {
  it('the one running now; of two overlapping, the one that started last', () => {
    expect(defaultSession(sessions, at('17:30'))?.id).toBe(1);
    expect(defaultSession(sessions, at('18:45'))?.id).toBe(2);
  });

  it('between sessions, the next one, never one that is over', () => {
    expect(defaultSession(sessions, at('20:40'))?.id).toBe(3);
    expect(defaultSession(sessions, at('12:00'))?.id).toBe(1);
  });

  it('after the last, the one that ended last; nothing without sessions', () => {
    expect(defaultSession(sessions, at('23:30'))?.id).toBe(3);
    expect(defaultSession([], at('12:00'))).toBeNull();
  });
});

describe('a ticket of another session of the cafe is admitted on a confirmed prompt', () => {
  it('when that session runs now or starts later today (Tehran)', () => {
    expect(admitsOnConfirm(late, at('18:45'))).toBe(true);
    expect(admitsOnConfirm(overlapping, at('18:45'))).toBe(true);
  });

  it('not when it is over, another day, or not one of the cafe’s sessions', () => {
    expect(admitsOnConfirm(early, at('19:30'))).toBe(false);
    expect(admitsOnConfirm(late, at('23:30', '2026-03-20'))).toBe(false);
    expect(admitsOnConfirm(undefined, at('18:45'))).toBe(false);
  });
});
