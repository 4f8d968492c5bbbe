import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKavenegar, type FakeKavenegar } from '../fixtures/fake-kavenegar';
import { startFakeSmtp, type FakeSmtp } from '../fixtures/fake-smtp';
import { createNotifier } from '~/server/notify/notifier';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

describe(`code delivery through SMTP and Kavenegar on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let smtp: FakeSmtp;
  let kavenegar: FakeKavenegar;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    kavenegar = await startFakeKavenegar('test-api-key', 'cinema-verify');
    app = await startAccountsApp({
      SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Cinemakhaneh <no-reply@cinema.example>',
      KAVENEGAR_API_KEY: 'test-api-key',
      KAVENEGAR_TEMPLATE: 'cinema-verify',
      KAVENEGAR_BASE_URL: kavenegar.baseUrl,
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await kavenegar.close();
  });

  it('e-mails the code over SMTP, in the request language; nothing goes to the outbox', async () => {
    const res = await app.post(
      '/auth/init',
      { user_name: 'Mail.User@Example.com' },
      { headers: { 'accept-language-site': 'en' } },
    );
    expect(res.status).toBe(200);
    const { remember_token } = await res.json();
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.from).toBe('no-reply@cinema.example');
    expect(mail?.to).toEqual(['mail.user@example.com']);
    const code = /verification code: (\d{6})/.exec(mail?.data ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.data).toMatch(/Subject: Cinemakhaneh verification code: \d{6}/);
    expect(await app.outbox()).toEqual([]);

    const verify = await app.post('/auth/verify', {
      user_name: 'mail.user@example.com',
      code,
      remember_token,
    });
    expect((await verify.json()).next).toBe('COMPLETE');
  });

  it('sends SMS codes through the Kavenegar lookup API with the domestic number and the template', async () => {
    const res = await app.post('/auth/init', { user_name: '+989125550001' });
    expect(res.status).toBe(200);
    const { remember_token } = await res.json();
    expect(kavenegar.sent).toEqual([
      { receptor: '09125550001', token: expect.stringMatching(/^\d{6}$/), template: 'cinema-verify' },
    ]);
    const code = kavenegar.sent[0]?.token;
    const verify = await app.post('/auth/verify', { user_name: '09125550001', code, remember_token });
    expect((await verify.json()).next).toBe('COMPLETE');
  });

  it('sends notices as plain text from the Kavenegar line, and reports (not throws) when there is none', async () => {
    const notice = {
      subject: { key: 'direct_debit_notice_subject' as const },
      text: { key: 'direct_debit_gave_up' as const },
    };
    expect(await app.ctx.notifier.sendNotice('+989125550003', notice, 'fa')).toBe(false);
    const config = app.ctx.config;
    const withLine = createNotifier({ ...config, kavenegar: { ...config.kavenegar!, sender: '10004346' } });
    expect(await withLine.sendNotice('+989125550003', notice, 'en')).toBe(true);
    expect(kavenegar.texts).toEqual([
      {
        receptor: '09125550003',
        sender: '10004346',
        message: expect.stringMatching(/^Cinemakhaneh\nYour subscription/),
      },
    ]);
    // Codes still go through the lookup template.
    expect(kavenegar.sent.every((sms) => sms.template === 'cinema-verify')).toBe(true);
  });

  it('answers 503 with a translated message when Kavenegar refuses (return.status is not 200)', async () => {
    kavenegar.failWith(418);
    try {
      const res = await app.post(
        '/auth/init',
        { user_name: '09125550002' },
        { headers: { 'accept-language-site': 'en' } },
      );
      expect(res.status).toBe(503);
      // Like every 5xx body, it names the request for support (its X-Request-Id).
      expect(await res.json()).toEqual({
        message: 'The verification code could not be sent; try again shortly.',
        requestId: res.headers.get('x-request-id'),
      });
    } finally {
      kavenegar.failWith(undefined);
    }
  });
});
