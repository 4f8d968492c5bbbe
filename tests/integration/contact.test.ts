import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContactRequest } from '~/shared/contact';
import { CAPTCHA_TTL_SECONDS, createCaptcha } from '~/server/core/captcha';
import { contactMessages } from '~/server/db/schema';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

describe(`POST /core/contact on ${databaseUnderTest}`, () => {
  let app: TestApp;
  let visitor = 0;
  /** Each test writes from its own address so the per-address rate limit stays out of the way. */
  let clientAddress: string;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    clientAddress = `198.51.100.${++visitor}`;
  });

  async function validForm(overrides: Partial<ContactRequest> = {}): Promise<ContactRequest> {
    const captcha = await createCaptcha(app.ctx);
    return {
      full_name: 'سارا احمدی',
      phone: '0912 123 4567',
      email: 'sara@example.com',
      subject: 'اشتراک',
      message: 'سلام، اشتراک من تمدید نشده است.',
      captcha_key: captcha.key,
      captcha: captcha.answer,
      ...overrides,
    };
  }

  const send = (form: unknown, language = 'fa') =>
    app.request('/core/contact', {
      json: form,
      clientAddress,
      headers: { 'accept-language-site': language },
    });

  const storedCount = async () => (await app.ctx.database.db.select().from(contactMessages)).length;

  const latest = async () =>
    (await app.ctx.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1))[0];

  it('stores a message and acknowledges it in the request language', async () => {
    const res = await send(await validForm());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'پیام شما دریافت شد؛ همکاران ما به‌زودی پاسخ می‌دهند' });
    expect(await latest()).toMatchObject({
      fullName: 'سارا احمدی',
      firstName: null,
      phone: '+989121234567',
      email: 'sara@example.com',
      subject: 'اشتراک',
      locale: 'fa',
      clientAddress,
    });

    const en = await send(await validForm({ subject: 'Hello' }), 'en');
    expect(await en.json()).toEqual({ message: 'Your message has been received; our team will reply soon.' });
  });

  it('accepts first and last name instead of a full name, and Persian digits in the phone', async () => {
    const form = await validForm({ first_name: 'Sara', last_name: 'Ahmadi', phone: '۰۹۱۲۱۲۳۴۵۶۷' });
    delete form.full_name;
    expect((await send(form, 'en')).status).toBe(200);
    expect(await latest()).toMatchObject({
      fullName: 'Sara Ahmadi',
      firstName: 'Sara',
      lastName: 'Ahmadi',
      phone: '+989121234567',
      locale: 'en',
    });
  });

  it('accepts an international number', async () => {
    expect((await send(await validForm({ phone: '0049 30 1234567' }))).status).toBe(200);
    expect((await latest())?.phone).toBe('+49301234567');
  });

  it('requires the message, in Persian and English', async () => {
    const before = await storedCount();
    for (const [language, text] of [
      ['fa', 'وارد کردن این فیلد الزامی است'],
      ['en', 'Entering this field is required.'],
    ] as const) {
      const res = await send(await validForm({ message: '' }), language);
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ message: [text] });
    }
    expect(await storedCount()).toBe(before);
  });

  it('names the missing half of a split name', async () => {
    const form = await validForm({ first_name: 'Sara' });
    delete form.full_name;
    const res = await send(form, 'en');
    expect((await res.json()).errors).toEqual({ last_name: ['Entering this field is required.'] });
  });

  it('rejects a phone number that is neither an Iranian mobile nor international', async () => {
    const res = await send(await validForm({ phone: '02112345678' }), 'en');
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ phone: ['The phone number is not valid.'] });
  });

  it('rejects a wrong captcha on the captcha field and uses the captcha up', async () => {
    const form = await validForm();
    const wrong = form.captcha === '00000' ? '11111' : '00000';
    const res = await send({ ...form, captcha: wrong });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'اطلاعات وارد شده کامل یا درست نیست',
      errors: { captcha: ['کد امنیتی درست نیست یا منقضی شده است؛ کد تازه را وارد کنید'] },
    });
    const retry = await send(form, 'en');
    expect(retry.status).toBe(422);
    expect((await retry.json()).errors).toEqual({
      captcha: ['The security code is wrong or has expired; enter the new one.'],
    });
  });

  it('keeps the captcha when other fields fail, so the corrected form goes through', async () => {
    const form = await validForm();
    expect((await send({ ...form, email: 'sara@' })).status).toBe(422);
    expect((await send(form)).status).toBe(200);
  });

  it('rejects an expired captcha', async () => {
    const form = await validForm();
    app.clock.advance(CAPTCHA_TTL_SECONDS + 1);
    const res = await send(form);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(['captcha']);
  });

  it('the captcha from GET /core/captcha/flat is what the form checks', async () => {
    const { key } = await (await app.request('/core/captcha/flat', { clientAddress })).json();
    const res = await send({ ...(await validForm()), captcha_key: key, captcha: '99999x' });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(['captcha']);
  });
});
