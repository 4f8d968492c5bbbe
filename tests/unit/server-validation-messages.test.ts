import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactRequestSchema } from '~/shared/contact';
import { translate } from '~/shared/messages';
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
    expect(errorsOf(form, {}, 'en')['nick']).toEqual(['entering this field is required']);
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
      nick: ['this field can be at most 5 characters'],
      age: ['enter a valid number'],
    });
  });

  it('reads custom checks from their catalogue key', () => {
    const errors = errorsOf(contactRequestSchema, { phone: '12' }, 'en');
    expect(errors['phone']).toEqual(['the phone number is not valid']);
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
    expect(translate({ key: 'rate_limited', params: { seconds: 42 } }, 'fa')).toContain('۴۲ ثانیه');
    expect(translate({ key: 'rate_limited', params: { seconds: 42 } }, 'en')).toBe(
      'too many requests; try again in 42 seconds',
    );
    expect(translate('required', 'en')).toBe('entering this field is required');
  });
});
