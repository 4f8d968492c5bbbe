import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_SECONDS, MAX_CODE_TRIES } from '~/server/auth/login-flow';
import { loginAttempts, users } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

describe(`login steps (INIT, VERIFY, COMPLETE, LOGIN, FORGET_PASSWORD) on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  beforeAll(async () => {
    app = await startAccountsApp();
  });
  afterAll(() => app.close());

  /** INIT for a new user name, with the code the outbox received. */
  async function started(userName: string) {
    const res = await app.post('/auth/init', { user_name: userName });
    expect(res.status).toBe(200);
    const body = await res.json();
    return { ...body, code: await app.lastCode(userName) } as {
      next: string;
      remember_token: string;
      code: string;
    };
  }

  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('sends a code to a new mobile number, written in any of its spellings', async () => {
    const spellings = ['09121110001', '+989121110002', '989121110003', '۰۹۱۲۱۱۱۰۰۰۴', '٠٩١٢١١١٠٠٠٥'];
    for (const [i, spelling] of spellings.entries()) {
      const res = await app.post('/auth/init', { user_name: spelling });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.next).toBe('VERIFY');
      expect(body.remember_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const line = (await app.outbox()).at(-1);
      expect(line).toMatchObject({ channel: 'sms', to: `+98912111000${i + 1}` });
      expect(line?.code).toMatch(/^\d{6}$/);
      expect(line?.text).toContain(line?.code);
      expect(line?.text).toContain('کد تأیید');
    }
  });

  it('sends the code of an e-mail user name by e-mail, lower-cased, in the request language', async () => {
    const res = await app.post(
      '/auth/init',
      { user_name: '  Sara.Ahmadi@Example.COM ' },
      { headers: { 'accept-language-site': 'en' } },
    );
    expect((await res.json()).next).toBe('VERIFY');
    const line = (await app.outbox()).at(-1);
    expect(line).toMatchObject({ channel: 'email', to: 'sara.ahmadi@example.com' });
    expect(line?.text).toContain('Your verification code');
  });

  it('refuses what is neither a mobile number nor an e-mail address', async () => {
    for (const userName of ['02112345678', 'sara@', '+4930123456', '']) {
      const res = await app.post(
        '/auth/init',
        { user_name: userName },
        { headers: { 'accept-language': 'en' } },
      );
      expect(res.status).toBe(422);
      const { errors } = await res.json();
      expect(errors.user_name[0]).toMatch(/valid mobile number or e-mail|required/);
    }
  });

  it('signs a new viewer up: verify, then complete with name and password', async () => {
    const { remember_token, code } = await started('09121110010');
    const verify = await app.post('/auth/verify', {
      user_name: '09121110010',
      code: code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d),
      remember_token,
    });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toEqual({ remember_token, next: 'COMPLETE' });

    const form = { remember_token, name: 'سارا', password: 'secret-pass-1', accept_terms: true };
    const mismatch = await app.post(
      '/auth/compelet',
      { ...form, password_confirmation: 'other-pass-1' },
      { headers: { 'accept-language-site': 'en' } },
    );
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).errors).toEqual({
      password_confirmation: ['The password and its confirmation do not match.'],
    });
    const noTerms = await app.post('/auth/compelet', {
      ...form,
      password_confirmation: form.password,
      accept_terms: false,
    });
    expect(noTerms.status).toBe(422);
    expect((await noTerms.json()).errors).toEqual({
      accept_terms: ['برای ادامه باید قوانین و مقررات را بپذیرید'],
    });

    const done = await app.post('/auth/compelet', { ...form, password_confirmation: form.password });
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(body.next).toBe('DONE');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.me).toMatchObject({
      name: 'سارا',
      user_name: '+989121110010',
      phone: '+989121110010',
      email: null,
      has_password: true,
      profiles_count: 1,
      favorites: [],
      profile: { name: 'سارا', is_main: true, avatar_url: '/api/v1/core/default-avatars/1.svg' },
    });
    expect(body.active_sessions).toHaveLength(1);

    const me = await app.as(body.token, '/me');
    expect(me.status).toBe(200);
    expect((await me.json()).me).toEqual(body.me);

    // The remember_token was used up; and the number now has a password, so INIT says LOGIN.
    const again = await app.post('/auth/compelet', { ...form, password_confirmation: form.password });
    expect(again.status).toBe(422);
    expect((await app.post('/auth/init', { user_name: '+989121110010' })).status).toBe(200);
    const init = await app.post('/auth/init', { user_name: '۰۹۱۲۱۱۱۰۰۱۰' });
    expect((await init.json()).next).toBe('LOGIN');
  });

  it('answers a wrong code with 422 on code, and the right one still works', async () => {
    const { remember_token, code } = await started('09121110020');
    const wrong = await app.post(
      '/auth/verify',
      { user_name: '09121110020', code: wrongOf(code), remember_token },
      { headers: { 'accept-language-site': 'en' } },
    );
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ code: ['The verification code is not correct.'] });
    const malformed = await app.post('/auth/verify', {
      user_name: '09121110020',
      code: '12345',
      remember_token,
    });
    expect((await malformed.json()).errors).toEqual({ code: ['کد تأیید باید ۶ رقم باشد'] });
    const right = await app.post('/auth/verify', { user_name: '09121110020', code, remember_token });
    expect((await right.json()).next).toBe('COMPLETE');
    // A verified code is used up.
    const replay = await app.post('/auth/verify', { user_name: '09121110020', code, remember_token });
    expect(replay.status).toBe(422);
  });

  it('expires a code after two minutes', async () => {
    const { remember_token, code } = await started('09121110030');
    app.clock.advance(CODE_TTL_SECONDS + 1);
    const res = await app.post(
      '/auth/verify',
      { user_name: '09121110030', code, remember_token },
      { headers: { 'accept-language-site': 'en' } },
    );
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      code: ['The verification code has expired; ask for a new one.'],
    });
  });

  it(`kills a code after ${MAX_CODE_TRIES} wrong tries, even for the right code`, async () => {
    const { remember_token, code } = await started('09121110040');
    const messages: string[] = [];
    for (let i = 0; i < MAX_CODE_TRIES; i++) {
      const res = await app.post(
        '/auth/verify',
        { user_name: '09121110040', code: wrongOf(code), remember_token },
        { headers: { 'accept-language-site': 'en' } },
      );
      expect(res.status).toBe(422);
      messages.push((await res.json()).errors.code[0]);
    }
    expect(messages.slice(0, -1).every((m) => m === 'The verification code is not correct.')).toBe(true);
    expect(messages.at(-1)).toBe('Too many tries for this code; ask for a new one.');
    const right = await app.post('/auth/verify', { user_name: '09121110040', code, remember_token });
    expect(right.status).toBe(422);
    expect((await right.json()).errors).toEqual({
      code: ['برای این کد بیش از حد تلاش شده است؛ کد تازه بگیرید'],
    });
  });

  it('counts parallel guesses exactly', async () => {
    const { remember_token, code } = await started('09121110045');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.post('/auth/verify', { user_name: '09121110045', code: wrongOf(code), remember_token }),
      ),
    );
    expect(guesses.every((res) => res.status === 422)).toBe(true);
    const [attempt] = await app.ctx.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.userName, '+989121110045'));
    expect(attempt?.codeTries).toBe(MAX_CODE_TRIES);
  });

  it('refuses a remember_token of another user name, or an unknown one', async () => {
    const { remember_token, code } = await started('09121110050');
    for (const attempt of [
      { user_name: '09121110051', code, remember_token },
      { user_name: '09121110050', code, remember_token: 'x'.repeat(43) },
    ]) {
      const res = await app.post('/auth/verify', attempt, { headers: { 'accept-language-site': 'en' } });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({
        remember_token: ['This login has expired; please start again.'],
      });
    }
  });

  it('limits sending: once a minute and five an hour per user name, twenty an hour per address (429 + Retry-After)', async () => {
    const userName = '09121110060';
    const first = await started(userName);
    const soon = await app.post(
      '/auth/resend-code',
      { user_name: userName, remember_token: first.remember_token },
      { headers: { 'accept-language-site': 'en' } },
    );
    expect(soon.status).toBe(429);
    const retryAfter = Number(soon.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await soon.json()).message).toBe(`Too many requests; try again in ${retryAfter} seconds.`);

    // After the minute a new code comes, with a new remember_token; the old one is gone.
    app.clock.advance(retryAfter);
    const resent = await app.post('/auth/resend-code', {
      user_name: userName,
      remember_token: first.remember_token,
    });
    expect(resent.status).toBe(200);
    const { remember_token, next } = await resent.json();
    expect(next).toBe('VERIFY');
    const code = await app.lastCode('+989121110060');
    const stale = await app.post('/auth/verify', {
      user_name: userName,
      code,
      remember_token: first.remember_token,
    });
    expect(stale.status).toBe(422);
    expect((await app.post('/auth/verify', { user_name: userName, code, remember_token })).status).toBe(200);

    // Five an hour: three more minutes pass with a send each, the sixth send within the hour is refused.
    for (let i = 0; i < 3; i++) {
      app.clock.advance(60);
      expect((await app.post('/auth/resend-code', { user_name: userName })).status).toBe(200);
    }
    app.clock.advance(60);
    const hourly = await app.post('/auth/resend-code', { user_name: userName });
    expect(hourly.status).toBe(429);
    expect(Number(hourly.headers.get('retry-after'))).toBeGreaterThan(60);

    // Per address: twenty different numbers from one address, the 21st refused.
    const address = app.freshAddress();
    for (let i = 0; i < 20; i++) {
      const res = await app.post(
        '/auth/init',
        { user_name: `0912222${String(i).padStart(4, '0')}` },
        { clientAddress: address },
      );
      expect(res.status).toBe(200);
    }
    const bomb = await app.post('/auth/init', { user_name: '09122229999' }, { clientAddress: address });
    expect(bomb.status).toBe(429);
    expect(bomb.headers.get('retry-after')).toBeTruthy();
  });

  it('logs in with the password; a wrong one is a 422 on password, and failures are rate limited', async () => {
    const { me } = await app.signUp('09121110070', { password: 'right-pass-1' });
    const wrong = await app.login('09121110070', 'wrong-pass-1', {});
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ password: ['نام کاربری یا رمز عبور درست نیست'] });
    const unknown = await app.login('09121119999', 'right-pass-1');
    expect(unknown.status).toBe(422);
    expect(Object.keys((await unknown.json()).errors)).toEqual(['password']);

    const ok = await app.login('+989121110070', 'right-pass-1');
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ next: 'DONE', me: { id: me.id, has_password: true } });
    expect(body.active_sessions).toHaveLength(2);

    // Ten failures per account and address per quarter hour; then that address waits, even with the
    // right password (tests/integration/login-lockout.test.ts: the owner elsewhere does not).
    const guesser = { clientAddress: '198.51.100.70' };
    const attempt = (password: string) =>
      app.post('/auth/login', { user_name: '09121110070', password }, guesser);
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}-pass`)).status).toBe(422);
    const limited = await attempt('right-pass-1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    app.clock.advance(15 * 60);
    expect((await attempt('right-pass-1')).status).toBe(200);
  });

  it('stores only hashes of passwords, tokens and codes', async () => {
    const { token } = await app.signUp('stored@example.com', { password: 'plain-pass-1' });
    const [user] = await app.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'stored@example.com'));
    expect(user?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(user?.passwordHash).not.toContain('plain-pass-1');
    const dump = JSON.stringify(await app.ctx.database.db.select().from(loginAttempts));
    expect(dump).not.toContain(token);
  });

  it('forgot password: code, FORGET_PASSWORD, reset, then log in with the new password', async () => {
    const before = await app.signUp('09121110080', { password: 'old-pass-1' });
    const otherDevice = await (await app.login('09121110080', 'old-pass-1')).json();
    app.clock.advance(60);
    const resend = await app.post('/auth/resend-code', { user_name: '09121110080', purpose: 'forget' });
    expect(resend.status).toBe(200);
    const { remember_token } = await resend.json();
    const code = await app.lastCode('+989121110080');
    const verify = await app.post('/auth/verify', { user_name: '09121110080', code, remember_token });
    expect(await verify.json()).toEqual({ remember_token, next: 'FORGET_PASSWORD' });

    const mismatch = await app.post('/auth/reset-password', {
      remember_token,
      password: 'new-pass-1',
      password_confirmation: 'new-pass-2',
    });
    expect(mismatch.status).toBe(422);
    const reset = await app.post('/auth/reset-password', {
      remember_token,
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
    });
    expect(reset.status).toBe(200);
    const body = await reset.json();
    expect(body.token).toBeTruthy();
    expect(body.me.phone).toBe('+989121110080');
    // Whoever knew the old password is out: every earlier session ended with the reset.
    expect(body.active_sessions).toHaveLength(1);
    expect((await app.as(before.token, '/me')).status).toBe(401);
    expect((await app.as(otherDevice.token, '/me')).status).toBe(401);
    expect((await app.as(body.token, '/me')).status).toBe(200);
    expect((await app.login('09121110080', 'old-pass-1')).status).toBe(422);
    expect((await app.login('09121110080', 'new-pass-1')).status).toBe(200);
    // The verified remember_token worked once.
    const replay = await app.post('/auth/reset-password', {
      remember_token,
      password: 'other-pass-1',
      password_confirmation: 'other-pass-1',
    });
    expect(replay.status).toBe(422);
  });

  it('a code for resetting a password cannot complete a signup, nor the reverse', async () => {
    const { remember_token, code } = await started('09121110090');
    await app.post('/auth/verify', { user_name: '09121110090', code, remember_token });
    const res = await app.post('/auth/reset-password', {
      remember_token,
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
    });
    expect(res.status).toBe(422);
  });

  it('logs an account without a password in by code (VERIFY opens a session)', async () => {
    const now = app.clock.now();
    const [user] = await app.ctx.database.db
      .insert(users)
      .values({ name: 'Reza', email: 'reza@example.com', createdAt: now, updatedAt: now })
      .returning();
    const init = await app.post('/auth/init', { user_name: 'reza@example.com' });
    const { next, remember_token } = await init.json();
    expect(next).toBe('VERIFY');
    const code = await app.lastCode('reza@example.com');
    const res = await app.post('/auth/verify', { user_name: 'REZA@example.com', code, remember_token });
    expect(res.status).toBe(200);
    const body = await res.json();
    // No profile yet, so nobody to pick automatically.
    expect(body).toMatchObject({
      remember_token,
      next: 'SELECT_PROFILE',
      me: { id: user?.id, has_password: false },
    });
    expect((await app.as(body.token, '/me')).status).toBe(200);
  });
});
