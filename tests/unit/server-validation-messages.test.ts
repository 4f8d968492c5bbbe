import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactRequestSchema } from '~/shared/contact';
import { messageKeys, translate } from '~/shared/messages';
import { fieldMessagesOf, localizedFieldErrors } from '~/shared/validation';

function errorsOf(schema: z.ZodType, input: unknown, locale: 'fa' | 'en' = 'fa') {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return localizedFieldErrors(result.error, input, locale);
}

describe('zod issues as localized field messages', () => {
  const form = z.object({
    name: z.string().trim().min(1),
    nick: z.string().min(3).max(5),
    age: z.number().int().min(18),
    email: z.email(),
    kind: z.enum(['a', 'b']),
  });

  it('says "required" for missing, null and blank fields', () => {
    const errors = errorsOf(form, { name: '   ', age: null }, 'fa');
    expect(errors['name']).toEqual(['وارد کردن این فیلد الزامی است']);
    expect(errors['age']).toEqual(['وارد کردن این فیلد الزامی است']);
    expect(errors['kind']).toEqual(['وارد کردن این فیلد الزامی است']);
    expect(errorsOf(form, {}, 'en')['nick']).toEqual(['Entering this field is required.']);
  });

  it('tells wrong types, lengths, sizes, formats and choices apart, with Persian digits in Persian', () => {
    const input = { name: 'x', nick: 'ab', age: 12, email: 'nope', kind: 'c' };
    expect(errorsOf(form, input, 'fa')).toEqual({
      nick: ['این فیلد باید دست‌کم ۳ نویسه باشد'],
      age: ['این مقدار باید دست‌کم ۱۸ باشد'],
      email: ['نشانی ایمیل معتبر نیست'],
      kind: ['یکی از گزینه‌های مجاز را انتخاب کنید'],
    });
    expect(errorsOf(form, { ...input, nick: 'abcdef', age: 'old' }, 'en')).toMatchObject({
      nick: ['This field can be at most 5 characters.'],
      age: ['Enter a valid number.'],
    });
  });

  it('reads custom checks from their catalogue key', () => {
    const errors = errorsOf(contactRequestSchema, { phone: '12' }, 'en');
    expect(errors['phone']).toEqual(['The phone number is not valid.']);
  });

  it('reports nested fields by dotted path, each message once', () => {
    const nested = z.object({ address: z.object({ postalCode: z.string().regex(/^\d{10}$/) }) });
    const result = nested.safeParse({ address: { postalCode: '123' } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldMessagesOf(result.error, {})).toEqual({
        'address.postalCode': [{ key: 'invalid_format' }],
      });
    }
  });

  it('translates catalogue messages with parameters', () => {
    expect(translate({ key: 'rate_limited', params: { count: 42 } }, 'fa')).toContain('۴۲ ثانیه');
    expect(translate({ key: 'rate_limited', params: { count: 42 } }, 'en')).toBe(
      'Too many requests; try again in 42 seconds.',
    );
    expect(translate('required', 'en')).toBe('Entering this field is required.');
  });
});

/*
 * Issue 25: the API's English messages reach the screen as they are (toasts, field errors), so each is a
 * sentence, and a number is followed by the noun's right form. Notifications (an SMS or an e-mail, which
 * begin with the brand) have their own layout and are left out.
 */
describe('English messages read as sentences', () => {
  const samples = { min: 2, max: 2, count: 2 };

  it('each starts with a capital letter (or a number) and ends with a full stop, ? or !', () => {
    const faults = messageKeys()
      .map((key) => [key, translate({ key, params: samples }, 'en')] as const)
      .filter(([, text]) => !text.startsWith('{{brand}}'))
      .filter(([, text]) => !/^[A-Z0-9"“]/.test(text) || !/[.?!]$/.test(text));
    expect(faults).toEqual([]);
  });

  it('says one second, minute, month, character or seat, and two of them', () => {
    const en = (key: Parameters<typeof translate>[0]) => translate(key, 'en');
    expect(en({ key: 'rate_limited', params: { count: 1 } })).toBe(
      'Too many requests; try again in 1 second.',
    );
    expect(en({ key: 'rate_limited', params: { count: 2 } })).toBe(
      'Too many requests; try again in 2 seconds.',
    );
    expect(en({ key: 'login_limited', params: { count: 1 } })).toMatch(
      /^Too many wrong passwords; try again in 1 minute,/,
    );
    expect(en({ key: 'gift_applied', params: { count: 1, date: '1 May 2027' } })).toBe(
      'The gift was added to your account: 1 month of subscription, until 1 May 2027.',
    );
    expect(en({ key: 'gift_applied', params: { count: 3, date: '1 May 2027' } })).toContain('3 months of');
    expect(en({ key: 'too_short', params: { count: 1 } })).toBe('This field must be at least 1 character.');
    expect(en({ key: 'seats_left', params: { count: 1 } })).toBe('Only 1 seat is left in this session.');
    expect(en({ key: 'only_left', params: { count: 1 } })).toBe('Only 1 of this item is left.');
    expect(en({ key: 'comments_decided', params: { count: 1 } })).toBe('1 comment was decided.');
    expect(en({ key: 'stock_below_reserved', params: { count: 1 } })).toBe(
      'The stock cannot be below the 1 held by a payment in progress.',
    );
    // Persian keeps the noun singular after a number, with Persian digits.
    expect(translate({ key: 'rate_limited', params: { count: 1 } }, 'fa')).toContain('۱ ثانیه');
  });
});
