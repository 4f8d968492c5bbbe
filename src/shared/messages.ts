import { formatNumber, type Locale } from './locale';

/**
 * Every message the API can answer with, in both languages. Validation and domain errors carry a key
 * (and parameters) and are translated once, at the HTTP boundary, into the request's language.
 */
const catalogue = {
  // validation
  required: { fa: 'وارد کردن این فیلد الزامی است', en: 'entering this field is required' },
  invalid_value: { fa: 'مقدار این فیلد معتبر نیست', en: 'the value of this field is not valid' },
  invalid_format: { fa: 'قالب این فیلد درست نیست', en: 'the format of this field is not valid' },
  invalid_email: { fa: 'نشانی ایمیل معتبر نیست', en: 'the e-mail address is not valid' },
  invalid_choice: { fa: 'یکی از گزینه‌های مجاز را انتخاب کنید', en: 'choose one of the allowed options' },
  invalid_number: { fa: 'یک عدد معتبر وارد کنید', en: 'enter a valid number' },
  too_short: {
    fa: 'این فیلد باید دست‌کم {min} نویسه باشد',
    en: 'this field must be at least {min} characters',
  },
  too_long: {
    fa: 'این فیلد حداکثر {max} نویسه می‌تواند باشد',
    en: 'this field can be at most {max} characters',
  },
  too_small: { fa: 'این مقدار باید دست‌کم {min} باشد', en: 'this value must be at least {min}' },
  too_big: { fa: 'این مقدار حداکثر {max} می‌تواند باشد', en: 'this value can be at most {max}' },
  phone_invalid: {
    fa: 'شماره تلفن همراه معتبر نیست',
    en: 'the phone number is not valid',
  },
  captcha_invalid: {
    fa: 'کد امنیتی درست نیست یا منقضی شده است؛ کد تازه را وارد کنید',
    en: 'the security code is wrong or has expired; enter the new one',
  },
  validation_failed: {
    fa: 'اطلاعات وارد شده کامل یا درست نیست',
    en: 'the information entered is incomplete or invalid',
  },
  // HTTP-level outcomes
  bad_request: { fa: 'درخواست قابل پردازش نیست', en: 'the request could not be processed' },
  unauthenticated: { fa: 'ابتدا وارد حساب کاربری خود شوید', en: 'please log in first' },
  forbidden: { fa: 'اجازه این کار را ندارید', en: 'you are not allowed to do this' },
  not_found: { fa: 'پیدا نشد', en: 'not found' },
  route_not_found: { fa: 'چنین مسیری در API وجود ندارد', en: 'there is no such API path' },
  conflict: {
    fa: 'این درخواست با وضعیت فعلی سازگار نیست',
    en: 'this request conflicts with the current state',
  },
  rate_limited: {
    fa: 'تعداد درخواست‌ها بیش از حد مجاز است؛ {seconds} ثانیه دیگر دوباره تلاش کنید',
    en: 'too many requests; try again in {seconds} seconds',
  },
  internal: {
    fa: 'خطایی در سرور رخ داد؛ دوباره تلاش کنید',
    en: 'something went wrong on the server; try again',
  },
  // domain outcomes
  state_not_found: { fa: 'استان پیدا نشد', en: 'province not found' },
  avatar_not_found: { fa: 'آواتار پیدا نشد', en: 'avatar not found' },
  contact_received: {
    fa: 'پیام شما دریافت شد؛ همکاران ما به‌زودی پاسخ می‌دهند',
    en: 'your message has been received; our team will reply soon',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalogue;

/** A message before translation: its key and the numbers it mentions. */
export interface Message {
  key: MessageKey;
  params?: Record<string, number>;
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(catalogue, value);
}

export function translate(message: Message | MessageKey, locale: Locale): string {
  const { key, params = {} } = typeof message === 'string' ? { key: message } : message;
  return catalogue[key][locale].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : formatNumber(value, locale);
  });
}
