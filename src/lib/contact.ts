import { toLatinDigits } from './format';

/** What the viewer types into the contact form. */
export interface ContactValues {
  full_name: string;
  phone: string;
  email: string;
  subject: string;
  message: string;
  captcha: string;
}

export type ContactField = keyof ContactValues;

export const emptyContact: ContactValues = {
  full_name: '',
  phone: '',
  email: '',
  subject: '',
  message: '',
  captcha: '',
};

/** The body of POST /core/contact. Digits typed in Persian or Arabic reach the API as Latin digits. */
export function contactPayload(values: ContactValues, captchaKey: string) {
  return {
    full_name: values.full_name.trim(),
    phone: toLatinDigits(values.phone.trim()),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
    captcha_key: captchaKey,
    captcha: toLatinDigits(values.captcha.trim()),
  };
}

/** The API may name errors after fields the form shows differently (first/last name, the captcha key). */
const fieldOfError: Record<string, ContactField> = {
  full_name: 'full_name',
  first_name: 'full_name',
  last_name: 'full_name',
  phone: 'phone',
  email: 'email',
  subject: 'subject',
  message: 'message',
  captcha: 'captcha',
  captcha_key: 'captcha',
};

/** Field errors of a 422 grouped by the control they belong to. */
export function contactFieldErrors(
  errors: Record<string, string[]>,
): Partial<Record<ContactField, string[]>> {
  const grouped: Partial<Record<ContactField, string[]>> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const field = fieldOfError[name];
    if (field) grouped[field] = [...(grouped[field] ?? []), ...messages];
  }
  return grouped;
}
