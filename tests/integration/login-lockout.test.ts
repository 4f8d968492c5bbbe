import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as secretsModule from '~/server/auth/secrets';
import { verifyPassword } from '~/server/auth/secrets';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

// Counts the passwords actually checked: a 429 alone does not tell a guess refused from one checked.
vi.mock('~/server/auth/secrets', async (original) => {
  const secrets = await original<typeof secretsModule>();
  return { ...secrets, verifyPassword: vi.fn(secrets.verifyPassword) };
});

/**
 * Wrong passwords stop whoever types them without locking the account's owner out (issue 10): limits
 * per account and address, per address, and a slow daily budget per account whose 429 points to login
 * by code.
 */
describe(`password guessing on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  beforeAll(async () => {
    app = await startAccountsApp();
  });
  afterAll(() => app.close());

  const login = (userName: string, password: string, clientAddress: string) =>
    app.post(
      '/auth/login',
      { user_name: userName, password },
      { clientAddress, headers: { 'accept-language': 'en' } },
    );

  // Issue 24 (10): the limits were read before the slow password check and counted after it, so
  // guesses sent at once were all checked. Now each is counted first: at most a limit's worth is checked.
  const burst = async (replies: Promise<Response>[]) => {
    vi.mocked(verifyPassword).mockClear();
    const statuses: Record<number, number> = {};
    for (const reply of await Promise.all(replies))
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    return { checked: vi.mocked(verifyPassword).mock.calls.length, statuses };
  };

  it('stops a guesser at its address while the owner elsewhere logs in', async () => {
    await app.signUp('09126660001', { password: 'owner-pass-1' });
    const guesser = '198.51.100.1';
    for (let i = 0; i < 10; i++) {
      expect((await login('09126660001', `guess-${i}-pass`, guesser)).status).toBe(422);
    }
    const stopped = await login('09126660001', `guess-x-pass`, guesser);
    expect(stopped.status).toBe(429);
    expect((await stopped.json()).message).toContain('I forgot my password');

    expect((await login('09126660001', 'owner-pass-1', '203.0.113.77')).status).toBe(200);
  });

  it('stops a guesser spread over many addresses at the daily budget, and a code still logs in', async () => {
    await app.signUp('09126660002', { password: 'owner-pass-2' });
    // 120 guesses at once from 30 addresses, four each: under every per-address limit, and only the
    // account's daily budget of them is ever checked (issue 24, 10: all were, counted after the check).
    const guesses = Array.from({ length: 120 }, (_, i) =>
      login('09126660002', `guess-${i}-pass`, `192.0.2.${1 + (i % 30)}`),
    );
    expect(await burst(guesses)).toEqual({ checked: 100, statuses: { 422: 100, 429: 20 } });
    const refused = await login('09126660002', 'owner-pass-2', '203.0.113.78');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(15 * 60);
    expect((await refused.json()).message).toMatch(
      /try again in .* minutes, or choose "I forgot my password"/,
    );

    app.clock.advance(60); // codes are sent once a minute per user name; signing up sent one
    const resend = await app.post('/auth/resend-code', { user_name: '09126660002', purpose: 'forget' });
    expect(resend.status).toBe(200);
    const { remember_token } = await resend.json();
    const code = await app.lastCode('09126660002');
    const verify = await app.post('/auth/verify', { user_name: '09126660002', code, remember_token });
    expect((await verify.json()).next).toBe('FORGET_PASSWORD');
    const reset = await app.post('/auth/reset-password', {
      remember_token,
      password: 'owner-pass-3',
      password_confirmation: 'owner-pass-3',
    });
    expect(reset.status).toBe(200);
  });

  it('checks at most ten of thirty guesses sent at once from one address', async () => {
    await app.signUp('09126660003', { password: 'owner-pass-4' });
    const guesses = Array.from({ length: 30 }, (_, i) =>
      login('09126660003', `guess-${i}-pass`, '198.51.100.3'),
    );
    expect(await burst(guesses)).toEqual({ checked: 10, statuses: { 422: 10, 429: 20 } });
    // The owner at another address is not held back, and a right password is not counted.
    for (let i = 0; i < 12; i++) {
      expect((await login('09126660003', 'owner-pass-4', '203.0.113.79')).status).not.toBe(429);
    }
  });
});
