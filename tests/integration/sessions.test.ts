import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_SESSIONS } from '~/shared/auth';
import { CROSS_LOGIN_TTL_SECONDS } from '~/server/auth/cross-login';
import { profiles, sessions, users } from '~/server/db/schema';
import { DEMO_VIEWER } from '~/server/demo/viewer';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe(`sessions and devices on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  beforeAll(async () => {
    app = await startAccountsApp({ PUBLIC_URL: 'https://cinema.example' });
  });
  afterAll(() => app.close());

  const activeCount = async (userId: number) =>
    (
      await app.ctx.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    ).length;

  it('refuses a fourth device with 409 and the list, then logs in after removing one', async () => {
    const { me, password, token: first } = await app.signUp('09123330001');
    for (let i = 0; i < 2; i++) expect((await app.login('09123330001', password)).status).toBe(200);

    const fourth = await app.login('09123330001', password, {});
    expect(fourth.status).toBe(409);
    const refused = await fourth.json();
    expect(refused.message).toBe('نمی‌توانید بیش از ۳ دستگاه فعال داشته باشید');
    expect(refused.next).toBe('MORE_THAN_3_ACTIVE_SESSION');
    expect(refused.token).toBeUndefined();
    expect(refused.active_sessions).toHaveLength(3);
    for (const session of refused.active_sessions) {
      expect(Object.keys(session).sort()).toEqual(['created_at', 'device', 'id', 'last_seen_at', 'place']);
    }

    const english = await app.request('/auth/login', {
      json: { user_name: '09123330001', password },
      headers: { 'accept-language-site': 'en' },
    });
    expect((await english.json()).message).toBe('You cannot have more than 3 active devices.');

    // The viewer removes the first device and retries: the login goes through and the first token dies.
    const firstSession = (await (await app.as(first, '/me/sessions')).json()).sessions.find(
      (s: { current: boolean }) => s.current,
    );
    const retry = await app.login('09123330001', password, { remove_session_id: firstSession.id });
    expect(retry.status).toBe(200);
    const body = await retry.json();
    expect(body.active_sessions).toHaveLength(3);
    expect(body.active_sessions.map((s: { id: number }) => s.id)).not.toContain(firstSession.id);
    expect((await app.as(first, '/me')).status).toBe(401);
    expect(await activeCount(me.id)).toBe(MAX_ACTIVE_SESSIONS);

    // Naming a session of someone else does not make room.
    const other = await app.signUp('09123330002');
    const otherSessions = (await (await app.as(other.token, '/me/sessions')).json()).sessions;
    const sneaky = await app.login('09123330001', password, { remove_session_id: otherSessions[0].id });
    expect(sneaky.status).toBe(409);
    expect((await app.as(other.token, '/me')).status).toBe(200);
  });

  it('applies the same rule to a login by code: 409 keeps the code, the retry names a device', async () => {
    const now = app.clock.now();
    await app.ctx.database.db
      .insert(users)
      .values({ name: 'No password', email: 'nopass@example.com', createdAt: now, updatedAt: now });
    const verifyNew = async (extra: Record<string, unknown> = {}, code?: string, rememberToken?: string) => {
      let remember = rememberToken;
      if (!remember) {
        app.clock.advance(60);
        remember = (await (await app.post('/auth/init', { user_name: 'nopass@example.com' })).json())
          .remember_token;
      }
      return app.post('/auth/verify', {
        user_name: 'nopass@example.com',
        code: code ?? (await app.lastCode('nopass@example.com')),
        remember_token: remember,
        ...extra,
      });
    };
    const tokens: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_SESSIONS; i++) {
      const res = await verifyNew();
      expect(res.status).toBe(200);
      tokens.push((await res.json()).token);
    }
    app.clock.advance(60);
    const { remember_token } = await (
      await app.post('/auth/init', { user_name: 'nopass@example.com' })
    ).json();
    const code = await app.lastCode('nopass@example.com');
    const refused = await verifyNew({}, code, remember_token);
    expect(refused.status).toBe(409);
    const { active_sessions, next } = await refused.json();
    expect(next).toBe('MORE_THAN_3_ACTIVE_SESSION');
    const retry = await verifyNew({ remove_session_id: active_sessions[0].id }, code, remember_token);
    expect(retry.status).toBe(200);
    expect((await retry.json()).token).toBeTruthy();
  });

  it('applies the same rule to cross-login', async () => {
    const { token, password } = await app.signUp('09123330005');
    for (let i = 0; i < 2; i++) await app.login('09123330005', password);
    const { s_id } = await (await app.as(token, '/auth/cross-login/create', { method: 'POST' })).json();
    const refused = await app.post('/auth/cross-login', { s_id });
    expect(refused.status).toBe(409);
    const { active_sessions } = await refused.json();
    const retry = await app.post('/auth/cross-login', { s_id, remove_session_id: active_sessions.at(-1).id });
    expect(retry.status).toBe(200);
  });

  it('lists devices with a current flag; ending one kills its token at once (401)', async () => {
    const { token, password } = await app.signUp('09123330010');
    const second = await app.request('/auth/login', {
      json: { user_name: '09123330010', password },
      headers: { 'user-agent': CHROME_ANDROID },
    });
    const secondToken = (await second.json()).token;
    const list = await app.as(token, '/me/sessions');
    expect(list.status).toBe(200);
    const { sessions: devices } = await list.json();
    expect(devices).toHaveLength(2);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    const phone = devices.find((d: { device: string }) => d.device === 'Chrome, Android');
    expect(phone).toMatchObject({ current: false, place: null });

    const ended = await app.as(token, `/me/sessions/${phone.id}`, { method: 'DELETE' });
    expect(ended.status).toBe(200);
    expect((await ended.json()).sessions).toHaveLength(1);
    const dead = await app.as(secondToken, '/me', { headers: { 'accept-language-site': 'en' } });
    expect(dead.status).toBe(401);
    expect(await dead.json()).toEqual({ message: 'Please log in first.' });
    // Already ended, or another user's: 404.
    expect((await app.as(token, `/me/sessions/${phone.id}`, { method: 'DELETE' })).status).toBe(404);
    const stranger = await app.signUp('09123330011');
    const strangerSession = (await (await app.as(stranger.token, '/me/sessions')).json()).sessions[0];
    expect((await app.as(token, `/me/sessions/${strangerSession.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await app.as(stranger.token, '/me')).status).toBe(200);
  });

  it('records the place of a session from the client address', async () => {
    const { password } = await app.signUp('09123330015');
    const res = await app.login('09123330015', password, {});
    expect(res.status).toBe(200);
    const fromGermany = await app.request('/auth/login', {
      json: { user_name: '09123330015', password },
      clientAddress: '46.4.0.1',
    });
    const body = await fromGermany.json();
    expect(body.active_sessions.map((s: { place: string | null }) => s.place)).toContain('DE');
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'a'.repeat(43)}`]) {
      const res = await app.request('/me', { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
    }
  });

  it('never leaves more than 3 active sessions after fifty parallel logins', async () => {
    const { me, password } = await app.signUp('09123330020');
    const results = await Promise.all(Array.from({ length: 50 }, () => app.login('09123330020', password)));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_ACTIVE_SESSIONS - 1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(50 - (MAX_ACTIVE_SESSIONS - 1));
    expect(await activeCount(me.id)).toBe(MAX_ACTIVE_SESSIONS);
  });

  it('logout ends the session: the token answers 401 afterwards', async () => {
    const { token } = await app.signUp('09123330030');
    const res = await app.as(token, '/auth/logout', { method: 'POST', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'You have logged out.' });
    expect((await app.as(token, '/me')).status).toBe(401);
    expect((await app.as(token, '/auth/logout', { method: 'POST' })).status).toBe(401);
  });

  it('updates last_seen_at at most once a minute', async () => {
    const { token, me } = await app.signUp('09123330035');
    const seen = async () =>
      (
        await app.ctx.database.db.select().from(sessions).where(eq(sessions.userId, me.id))
      )[0]?.lastSeenAt.getTime();
    const start = await seen();
    app.clock.advance(30);
    await app.as(token, '/me');
    expect(await seen()).toBe(start);
    app.clock.advance(31);
    await app.as(token, '/me');
    expect(await seen()).toBe(app.clock.now().getTime());
  });

  it('cross-login: a logged-in device makes a one-time code; another device logs in with it once', async () => {
    const { token, me } = await app.signUp('09123330040');
    expect((await app.post('/auth/cross-login/create', {})).status).toBe(401);
    const created = await app.as(token, '/auth/cross-login/create', { method: 'POST' });
    expect(created.status).toBe(200);
    const { s_id, qr, expires_in } = await created.json();
    expect(s_id).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect(expires_in).toBe(CROSS_LOGIN_TTL_SECONDS);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');

    const tv = await app.post('/auth/cross-login', {
      s_id: ` ${s_id.toLowerCase().slice(0, 4)}-${s_id.slice(4)} `,
    });
    expect(tv.status).toBe(200);
    const body = await tv.json();
    expect(body.me.id).toBe(me.id);
    expect((await app.as(body.token, '/me')).status).toBe(200);

    const again = await app.post(
      '/auth/cross-login',
      { s_id },
      { headers: { 'accept-language-site': 'en' } },
    );
    expect(again.status).toBe(422);
    expect((await again.json()).errors).toEqual({ s_id: ['The login code is wrong or has expired.'] });

    const late = (await (await app.as(token, '/auth/cross-login/create', { method: 'POST' })).json()).s_id;
    app.clock.advance(CROSS_LOGIN_TTL_SECONDS + 1);
    expect((await app.post('/auth/cross-login', { s_id: late })).status).toBe(422);
  });

  it('cross-login guesses are rate limited per address', async () => {
    const address = app.freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await app.post('/auth/cross-login', { s_id: 'AAAAAAAA' }, { clientAddress: address })).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('select-profile: own profiles only (another user’s id is 404)', async () => {
    const { token, me } = await app.signUp('09123330050');
    const other = await app.signUp('09123330051');
    const form = new FormData();
    form.set('name', 'کودک');
    form.set('avatar_id', '3');
    const created = await app.as(token, '/me/profiles', { method: 'POST', body: form });
    const member = (await created.json()).profiles.find((p: { is_main: boolean }) => !p.is_main);

    const picked = await app.as(token, `/auth/select-profile/${member.id}`, { method: 'POST' });
    expect(picked.status).toBe(200);
    expect((await picked.json()).me).toMatchObject({
      id: me.id,
      profile: { id: member.id, name: 'کودک' },
      profiles_count: 2,
    });
    expect((await (await app.as(token, '/me')).json()).me.profile.id).toBe(member.id);

    const foreign = await app.as(token, `/auth/select-profile/${other.me.profile?.id}`, { method: 'POST' });
    expect(foreign.status).toBe(404);

    // With two profiles, a new login asks who is watching.
    const login = await app.login('09123330050', 'secret-pass-1');
    expect(await login.json()).toMatchObject({
      next: 'SELECT_PROFILE',
      me: { profile: null, profiles_count: 2 },
    });
  });

  it('updates name and e-mail; an e-mail of another account is refused', async () => {
    const { token } = await app.signUp('09123330060');
    await app.signUp('taken@example.com');
    const res = await app.as(token, '/me', { json: { name: 'Sara A.', email: 'Sara@Example.com' } });
    expect(res.status).toBe(200);
    expect((await res.json()).me).toMatchObject({
      name: 'Sara A.',
      email: 'sara@example.com',
      user_name: '+989123330060',
    });
    const taken = await app.as(token, '/me', {
      json: { email: 'taken@example.com' },
      headers: { 'accept-language-site': 'en' },
    });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual({
      email: ['This e-mail address belongs to another account.'],
    });
  });

  it('deletes the account with its password: sessions end, the person is erased, the row stays anonymous', async () => {
    const { token, me, password } = await app.signUp('09123330070');
    const without = await app.as(token, '/me/delete-account', { json: {} });
    expect(without.status).toBe(422);
    const wrong = await app.as(token, '/me/delete-account', { json: { password: 'nope-nope-1' } });
    expect(wrong.status).toBe(422);
    const res = await app.as(token, '/me/delete-account', { json: { password } });
    expect(res.status).toBe(200);
    expect((await app.as(token, '/me')).status).toBe(401);
    const { db } = app.ctx.database;
    const [kept] = await db.select().from(users).where(eq(users.id, me.id));
    expect(kept).toMatchObject({ name: '', phone: null, email: null, passwordHash: null });
    expect(kept!.deletedAt).not.toBeNull();
    expect(await db.select().from(profiles).where(eq(profiles.userId, me.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    // The number is free again: INIT starts a signup (once the minute between codes has passed).
    app.clock.advance(60);
    expect((await (await app.post('/auth/init', { user_name: '09123330070' })).json()).next).toBe('VERIFY');
  });
});

describe(`the demo viewer on ${databaseUnderTest}`, () => {
  it('is seeded on a fresh database, logs in with the documented password and picks a profile', async () => {
    const app = await startAccountsApp({ SEED_DEMO: '1' });
    try {
      const res = await app.login('09120000000', DEMO_VIEWER.password);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        next: 'SELECT_PROFILE',
        me: { name: 'بیننده نمایشی', profiles_count: 2 },
      });
      const list = (await (await app.as(body.token, '/me/profiles')).json()).profiles;
      expect(list.map((p: { name: string }) => p.name)).toEqual(['بیننده نمایشی', 'کودک']);
    } finally {
      await app.close();
    }
  });
});
