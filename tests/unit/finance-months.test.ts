import { describe, expect, it } from 'vitest';
import { dayLabel, monthDays, monthLabel, monthOf, monthsEnding } from '~/lib/finance-months';

/** The finance reports' months (issue 27): which Iranian days a month of each calendar covers. */
describe('finance months', () => {
  it('a Solar Hijri month covers its days, Esfand 29 or 30 of them', () => {
    expect(monthDays('persian', '1405-09')).toEqual({ from: '2026-11-22', to: '2026-12-21' });
    expect(monthDays('persian', '1405-01')).toEqual({ from: '2026-03-21', to: '2026-04-20' });
    expect(monthDays('persian', '1403-12')).toEqual({ from: '2025-02-19', to: '2025-03-20' });
    expect(monthDays('persian', '1402-12')).toEqual({ from: '2024-02-20', to: '2024-03-19' });
  });

  it('a Gregorian month covers its days', () => {
    expect(monthDays('gregorian', '2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('gregorian', '2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('finds the month of a day and the months before it, across a year', () => {
    expect(monthOf('persian', '2026-11-22')).toBe('1405-09');
    expect(monthOf('persian', '2026-11-21')).toBe('1405-08');
    expect(monthOf('gregorian', '2026-11-21')).toBe('2026-11');
    expect(monthsEnding('1405-02', 4)).toEqual(['1404-11', '1404-12', '1405-01', '1405-02']);
  });

  it('names months and days as each language reads them', () => {
    expect(monthLabel('persian', '1405-09', 'fa')).toBe('آذر ۱۴۰۵');
    expect(monthLabel('persian', '1405-09', 'en')).toBe('Azar 1405');
    expect(monthLabel('gregorian', '2026-11', 'en')).toBe('November 2026');
    expect(dayLabel('2026-11-26', 'fa')).toBe('۵ آذر ۱۴۰۵');
    expect(dayLabel('2026-11-26', 'en')).toBe('26 November 2026');
  });
});
