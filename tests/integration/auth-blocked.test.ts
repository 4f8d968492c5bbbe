import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';

/**
 * A blocked account gets no login code (issue 17, decision record 0030): one with a password, whose
 * existence INIT already tells anyone (LOGIN), is refused at once with the clear 403 in the viewer's
 * language; one without a password is answered like an unknown name, and nothing is sent to it.
 */

let app: AccountsApp;

beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(() => app.close());

const BLOCKED = {
  en: 'This account has been blocked; please contact support.',
  fa: 'این حساب کاربری مسدود شده است؛ برای پیگیری با پشتیبانی تماس بگیرید',
};

async function block(userId: number): Promise<void> {
  await app.ctx.database.db.update(users).set({ blockedAt: app.clock.now() }).where(eq(users.id, userId));
}

async function sentTo(recipient: string): Promise<number> {
  return (await app.outbox()).filter((line) => line.to === recipient).length;
}

const inLanguage = (locale: 'fa' | 'en') => ({ headers: { 'accept-language-site': locale } });

describe('a blocked account logging in', () => {
  it('with a password is refused at INIT and at resend-code, in both languages, and sent nothing', async () => {
    const phone = '09121230001';
    const { me } = await app.signUp(phone);
    await block(me.id);
    const before = await sentTo(phone);

    for (const locale of ['en', 'fa'] as const) {
      const init = await app.post('/auth/init', { user_name: phone }, inLanguage(locale));
      expect(init.status).toBe(403);
      expect((await init.json()).message).toBe(BLOCKED[locale]);
      const resend = await app.post(
        '/auth/resend-code',
        { user_name: phone, purpose: 'forget' },
        inLanguage(locale),
      );
      expect(resend.status).toBe(403);
      expect((await resend.json()).message).toBe(BLOCKED[locale]);
    }
    expect(await sentTo(phone)).toBe(before);
  });

  it('without a password is answered like an unknown name, and no code is sent to it', async () => {
    const now = app.clock.now();
    const [user] = await app.ctx.database.db
      .insert(users)
      .values({ name: 'Nima', email: 'nima@example.com', createdAt: now, updatedAt: now })
      .returning({ id: users.id });
    await block(user!.id);

    const init = await app.post('/auth/init', { user_name: 'nima@example.com' });
    expect(init.status).toBe(200);
    const answer = await init.json();
    const stranger = await (await app.post('/auth/init', { user_name: 'nobody@example.com' })).json();
    expect(Object.keys(answer).sort()).toEqual(Object.keys(stranger).sort());
    expect(answer.next).toBe(stranger.next);
    expect(await sentTo('nobody@example.com')).toBe(1);
    expect(await sentTo('nima@example.com')).toBe(0);

    // Nobody knows the code it was never sent; guessing is a wrong code, as for anyone.
    const verify = await app.post('/auth/verify', {
      user_name: 'nima@example.com',
      code: '000000',
      remember_token: answer.remember_token,
    });
    expect(verify.status).toBe(422);
    app.clock.advance(61);
    const resend = await app.post('/auth/resend-code', {
      user_name: 'nima@example.com',
      remember_token: answer.remember_token,
    });
    expect(resend.status).toBe(200);
    expect(await sentTo('nima@example.com')).toBe(0);
  });
});
