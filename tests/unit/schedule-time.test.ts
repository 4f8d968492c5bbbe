import { describe, expect, it } from 'vitest';
import { scheduleTime, TEHRAN } from '~/lib/schedule-time';

/** 2026-03-21 18:29 UTC: 21:59 in Tehran, 14:29 in Toronto (same day), 03:29 the next day in Tokyo. */
const at = '2026-03-21T18:29:00.000Z';

describe('scheduleTime: a screening time in the viewer zone, with Tehran time beside it', () => {
  it('in Tehran, or on the server, names Tehran time once', () => {
    expect(scheduleTime(at, 'en')).toBe('21 March 2026 at 21:59 (Tehran time)');
    expect(scheduleTime(at, 'en', TEHRAN)).toBe(scheduleTime(at, 'en'));
    expect(scheduleTime(at, 'fa')).toBe('۱ فروردین ۱۴۰۵ ساعت ۲۱:۵۹ (به وقت تهران)');
  });

  it('elsewhere gives the viewer time first and Tehran time beside it', () => {
    expect(scheduleTime(at, 'en', 'America/Toronto')).toBe('21 March 2026 at 14:29 (21:59 Tehran time)');
    expect(scheduleTime(at, 'fa', 'America/Toronto')).toContain('۱۴:۲۹ (۲۱:۵۹ به وقت تهران)');
  });

  it('with the Tehran date too when Tehran is on another day', () => {
    expect(scheduleTime(at, 'en', 'Asia/Tokyo')).toBe(
      '22 March 2026 at 03:29 (21 March 2026 at 21:59 Tehran time)',
    );
  });

  it('never in the server zone (UTC): the landing once said 18:29 for this screening', () => {
    expect(scheduleTime(at, 'en')).not.toContain('18:29');
    expect(scheduleTime(at, 'en', 'UTC')).toBe('21 March 2026 at 18:29 (21:59 Tehran time)');
  });
});
