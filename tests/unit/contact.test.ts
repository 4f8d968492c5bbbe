import { describe, expect, it } from 'vitest';
import { contactFieldErrors, contactPayload, emptyContact } from '~/lib/contact';

describe('the contact form payload', () => {
  it('sends Latin digits whatever the viewer typed, and trims the text', () => {
    const payload = contactPayload(
      { ...emptyContact, full_name: ' سارا احمدی ', phone: '۰۹۱۲۱۲۳۴۵۶۷', captcha: '٤۲a9', message: 'سلام' },
      'key-1',
    );
    expect(payload).toEqual({
      full_name: 'سارا احمدی',
      phone: '09121234567',
      email: '',
      subject: '',
      message: 'سلام',
      captcha_key: 'key-1',
      captcha: '42a9',
    });
  });

  it('ties API field errors to the controls that show them', () => {
    expect(
      contactFieldErrors({
        first_name: ['First name is required.'],
        last_name: ['Last name is required.'],
        captcha_key: ['Captcha expired.'],
        phone: ['Invalid phone.'],
        unknown: ['ignored'],
      }),
    ).toEqual({
      full_name: ['First name is required.', 'Last name is required.'],
      captcha: ['Captcha expired.'],
      phone: ['Invalid phone.'],
    });
  });
});
