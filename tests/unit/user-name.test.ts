import { describe, expect, it } from 'vitest';
import { toLatinDigits } from '~/lib/format';
import { cleanUserName, compactPhone, isEmailUserName } from '~/lib/user-name';
import { normalizeSearchText } from '~/server/catalog/normalize';
import { normalizeUserName } from '~/shared/auth';
import { normalizePhone } from '~/shared/phone';

describe('the user name, one rule for the forms and the server', () => {
  it('sends a phone typed in Persian or Arabic digits with spaces, dashes and bidi marks as Latin digits', () => {
    expect(cleanUserName(' ۰۹۱۲ ۱۲۳ ۴۵۶۷ ')).toBe('09121234567');
    expect(cleanUserName('+98 (912) 123-4567')).toBe('+989121234567');
    expect(compactPhone('\u200e٠٩١٢.١٢٣.٤٥٦٧\u200f')).toBe('09121234567');
  });

  it('trims and lower-cases an e-mail, digits made Latin', () => {
    expect(cleanUserName('  Sara@Example.COM ')).toBe('sara@example.com');
    expect(cleanUserName('Ali۱۳۷۰@Mail.ir')).toBe('ali1370@mail.ir');
    expect(isEmailUserName('ali1370@mail.ir')).toBe(true);
    expect(isEmailUserName('+989121234567')).toBe(false);
  });

  it('the server validates exactly what the forms send', () => {
    for (const typed of [' ۰۹۱۲ ۱۲۳ ۴۵۶۷ ', '+98 (912) 123-4567', '00989121234567', '  Sara@Example.COM ']) {
      expect(normalizeUserName(typed)).toBe(normalizeUserName(cleanUserName(typed)));
    }
    expect(normalizeUserName(' ۰۹۱۲ ۱۲۳ ۴۵۶۷ ')).toBe('+989121234567');
    expect(normalizeUserName('  Sara@Example.COM ')).toBe('sara@example.com');
    expect(normalizeUserName('۰۲۱ ۱۲۳۴ ۵۶۷۸')).toBeNull();
    expect(normalizePhone('۰۰۴۹ ۳۰ ۱۲۳۴۵۶۷')).toBe('+49301234567');
  });
});

describe('digits, one rule everywhere', () => {
  it('Persian and Arabic-Indic digits become Latin in typed codes, names and search text alike', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩')).toBe('0123456789 0123456789');
    expect(normalizeSearchText('فیلم ۱۹۹۷')).toBe(normalizeSearchText('فیلم 1997'));
    expect(normalizeSearchText('فیلم ١٩٩٧')).toBe('فیلم 1997');
  });
});
