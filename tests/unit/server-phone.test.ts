import { describe, expect, it } from 'vitest';
import { normalizePhone } from '~/shared/phone';

describe('normalizePhone', () => {
  it.each([
    '09121234567',
    '9121234567',
    '989121234567',
    '+989121234567',
    '00989121234567',
    '۰۹۱۲۱۲۳۴۵۶۷',
    '٠٩١٢١٢٣٤٥٦٧',
    '0912 123 4567',
    '(0912) 123-4567',
    '+98 912 123 45 67',
  ])('reads %s as an Iranian mobile', (raw) => {
    expect(normalizePhone(raw)).toBe('+989121234567');
  });

  it('keeps international numbers in E.164 form', () => {
    expect(normalizePhone('+49 30 1234567')).toBe('+49301234567');
    expect(normalizePhone('001 415 555 2671')).toBe('+14155552671');
  });

  it.each(['02112345678', '+982112345678', '0912123456', '12345', 'phone', '', '+0123456789'])(
    'rejects %j',
    (raw) => {
      expect(normalizePhone(raw)).toBeNull();
    },
  );
});
