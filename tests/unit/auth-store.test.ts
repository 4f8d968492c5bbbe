import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Me, Profile } from '~/shared/users';
import { defaultPreferences } from '~/shared/preferences';

/**
 * The SPEC §4 store rules against a real HTTP server on 127.0.0.1 (as tests/unit/api.test.ts does): the
 * real API client, real responses, only the server's answers are scripted per test.
 */
type Reply = { status: number; body: unknown; headers?: Record<string, string> };
let replies: Record<string, Reply> = {};
let requests: { method: string; url: string; authorization: string | undefined }[] = [];
let server: http.Server;
let baseURL: string;

const profile: Profile = {
  id: 11,
  name: 'سارا',
  avatar_url: '/api/v1/core/default-avatars/1.svg',
  is_main: true,
  autoplay_next: true,
  preferences: defaultPreferences,
};
const child: Profile = {
  id: 12,
  name: 'کودک',
  avatar_url: '/api/v1/core/default-avatars/2.svg',
  is_main: false,
  autoplay_next: true,
  preferences: defaultPreferences,
};
function me(selected: Profile | null): Me {
  return {
    id: 7,
    name: 'سارا',
    user_name: '+989121234567',
    phone: '+989121234567',
    email: null,
    has_password: true,
    profile: selected,
    profiles_count: 2,
    favorites: [],
    staff_roles: [],
    cafe_desk: false,
    created_at: '2026-03-20T10:00:00.000Z',
  };
}

beforeAll(async () => {
  // The test storage engine must be in place before the stores are created (dynamic imports below).
  useTestStorageEngine();
  server = http.createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
    });
    const reply = replies[`${request.method} ${request.url}`] ?? {
      status: 404,
      body: { message: 'Not found' },
    };
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  replies = {};
  requests = [];
  cleanTestStorage();
  const { signOut } = await import('~/stores/auth');
  signOut();
});

async function setup(token?: string) {
  const stores = await import('~/stores/auth');
  const { createApiClient } = await import('~/lib/api');
  if (token) stores.$token.set(token);
  const toasts: string[] = [];
  const api = createApiClient({
    locale: 'en',
    baseURL,
    getToken: () => stores.$token.get(),
    notify: { error: (message) => toasts.push(message) },
  });
  return { ...stores, api, toasts };
}

describe('loading the user (SPEC §4)', () => {
  it('signs in from a stored token and stays on the current step when a profile is selected', async () => {
    replies['GET /api/v1/me'] = { status: 200, body: { me: me(profile) } };
    const { api, loadUser, $auth } = await setup('tok-1');
    await expect(loadUser(api)).resolves.toMatchObject({ id: 7 });
    expect($auth.get()).toMatchObject({ isLogin: true, step: 'INIT', loading: false });
    expect(requests[0]?.authorization).toBe('Bearer tok-1');
  });

  it('goes to SELECT_PROFILE and loads the profiles when GET /me has no selected profile', async () => {
    replies['GET /api/v1/me'] = { status: 200, body: { me: me(null) } };
    replies['GET /api/v1/me/profiles'] = { status: 200, body: { profiles: [profile, child] } };
    const { api, loadUser, $auth, $token } = await setup('tok-1');
    await loadUser(api);
    expect($auth.get()).toMatchObject({ isLogin: true, step: 'SELECT_PROFILE', profiles: [profile, child] });
    expect($token.get()).toBe('tok-1');
  });

  it('resets auth and removes the token when GET /me fails', async () => {
    replies['GET /api/v1/me'] = { status: 401, body: { message: 'log in first' } };
    const { api, loadUser, $auth } = await setup('dead-token');
    await expect(loadUser(api)).resolves.toBeNull();
    expect(getTestStorage()).toEqual({});
    expect($auth.get()).toMatchObject({ isLogin: false, userMeta: null, step: 'INIT' });
  });

  it('resets auth and removes the token when the profiles cannot be loaded', async () => {
    replies['GET /api/v1/me'] = { status: 200, body: { me: me(null) } };
    replies['GET /api/v1/me/profiles'] = { status: 500, body: { message: 'boom' } };
    const { api, loadUser, $auth } = await setup('tok-1');
    await expect(loadUser(api)).resolves.toBeNull();
    expect(getTestStorage()).toEqual({});
    expect($auth.get().isLogin).toBe(false);
  });

  it('does not call the API without a token', async () => {
    const { api, loadUser } = await setup();
    await expect(loadUser(api)).resolves.toBeNull();
    expect(requests).toEqual([]);
  });
});

describe('signing in and out', () => {
  it('a successful login stores the token and user, and leaves the shop cart alone', async () => {
    setTestStorageKey('cart_id', '345');
    const { sessionOpened, $auth, $flow } = await setup();
    sessionOpened({ token: 'tok-2', me: me(profile), next: 'DONE' });
    expect(getTestStorage()).toEqual({ cart_id: '345', token: 'tok-2' });
    expect($auth.get()).toMatchObject({ isLogin: true, step: 'DONE', userMeta: { id: 7 } });
    expect($flow.get().password).toBe('');
  });

  it('a login answered with SELECT_PROFILE waits for a profile; choosing one finishes it', async () => {
    replies['POST /api/v1/auth/select-profile/12'] = { status: 200, body: { me: me(child) } };
    const { api, sessionOpened, selectProfile, $auth } = await setup();
    sessionOpened({ token: 'tok-3', me: me(null), next: 'SELECT_PROFILE' });
    expect($auth.get().step).toBe('SELECT_PROFILE');
    await selectProfile(api, 12);
    expect($auth.get()).toMatchObject({ step: 'DONE', userMeta: { profile: { id: 12 } } });
    expect(requests[0]).toMatchObject({ method: 'POST', authorization: 'Bearer tok-3' });
  });

  it('logging out resets auth and removes the token, whether the call works or fails', async () => {
    setTestStorageKey('cart_id', '345');
    replies['POST /api/v1/auth/logout'] = { status: 200, body: { message: 'bye' } };
    const first = await setup('tok-4');
    first.sessionOpened({ token: 'tok-4', me: me(profile), next: 'DONE' });
    await first.logout(first.api);
    expect(getTestStorage()).toEqual({ cart_id: '345' });

    replies['POST /api/v1/auth/logout'] = { status: 500, body: { message: 'down' } };
    const second = await setup('tok-5');
    await second.logout(second.api);
    expect(getTestStorage()).toEqual({ cart_id: '345' });
    expect(second.$auth.get()).toMatchObject({ isLogin: false, userMeta: null });
    expect(second.toasts).toEqual(['down']);
  });

  it('deleting the account resets auth and removes the token even when the call fails', async () => {
    replies['POST /api/v1/me/delete-account'] = {
      status: 422,
      body: { message: 'invalid', errors: { password: ['wrong password'] } },
    };
    const { api, deleteAccount, $auth, toasts } = await setup('tok-6');
    await deleteAccount(api, 'nope');
    expect(getTestStorage()).toEqual({});
    expect($auth.get().isLogin).toBe(false);
    expect(toasts).toEqual(['wrong password']);
  });
});

describe('reading refusals from real responses', () => {
  it('recognises the 4th-device refusal and a rate limit with Retry-After', async () => {
    const sessions = [
      {
        id: 1,
        device: 'Firefox, Linux',
        place: 'IR',
        last_seen_at: '2026-03-20T10:00:00.000Z',
        created_at: '2026-03-20T09:00:00.000Z',
      },
    ];
    replies['POST /api/v1/auth/login'] = {
      status: 409,
      body: {
        message: 'you cannot have more than 3 active devices',
        next: 'MORE_THAN_3_ACTIVE_SESSION',
        active_sessions: sessions,
      },
    };
    replies['POST /api/v1/auth/resend-code'] = {
      status: 429,
      body: { message: 'too many requests' },
      headers: { 'Retry-After': '37' },
    };
    replies['POST /api/v1/auth/init'] = { status: 409, body: { message: 'conflict' } };
    const { api, toasts } = await setup();
    const { tooManySessionsOf, rateLimitWaitOf } = await import('~/lib/auth-flow');
    const refused = await api('/auth/login', { method: 'POST', body: {} }).catch((error: unknown) => error);
    const limited = await api('/auth/resend-code', { method: 'POST', body: {} }).catch(
      (error: unknown) => error,
    );
    const other = await api('/auth/init', { method: 'POST', body: {} }).catch((error: unknown) => error);
    expect(tooManySessionsOf(refused)).toEqual(sessions);
    expect(tooManySessionsOf(other)).toBeNull();
    expect(tooManySessionsOf(limited)).toBeNull();
    expect(rateLimitWaitOf(limited, Date.now())).toBe(37);
    expect(rateLimitWaitOf(refused, Date.now())).toBeNull();
    // SPEC §8: the refusal's own message is the toast.
    expect(toasts).toEqual(['you cannot have more than 3 active devices', 'too many requests', 'conflict']);
  });
});
