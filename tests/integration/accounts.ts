import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { normalizeUserName } from '~/shared/auth';
import { startTestApp, type TestApp, type TestRequestInit } from './harness';

/** Helpers for the account tests: an app with its own outbox, and the usual steps of a login. */
export interface AccountsApp extends TestApp {
  outboxFile: string;
  /** The code of the latest message the outbox holds for the user name `to` (in any spelling). */
  lastCode(to: string): Promise<string>;
  outbox(): Promise<OutboxLine[]>;
  /** A client address nobody used yet in this app, so per-address limits stay out of the way. */
  freshAddress(): string;
  post(pathname: string, json: unknown, init?: TestRequestInit): Promise<Response>;
  /** A request with `Authorization: Bearer token`. */
  as(token: string, pathname: string, init?: TestRequestInit): Promise<Response>;
  /** INIT → VERIFY → COMPLETE for a new user name; returns the token and the answer of compelet. */
  signUp(
    userName: string,
    options?: { password?: string; name?: string; headers?: Record<string, string> },
  ): Promise<SignedUp>;
  login(userName: string, password: string, extra?: Record<string, unknown>): Promise<Response>;
}

export interface OutboxLine {
  at: string;
  channel: 'sms' | 'email';
  to: string;
  text: string;
  code: string;
}

export interface SignedUp {
  token: string;
  me: { id: number; profile: { id: number } | null };
  password: string;
}

export async function startAccountsApp(env: Record<string, string> = {}): Promise<AccountsApp> {
  const outboxFile = path.join(os.tmpdir(), `outbox-${randomBytes(6).toString('hex')}.jsonl`);
  const app = await startTestApp({ OUTBOX_FILE: outboxFile, ...env });
  let visitor = 0;
  const freshAddress = () => `203.0.113.${++visitor % 250}`;
  const outbox = async (): Promise<OutboxLine[]> => {
    const text = await readFile(outboxFile, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxLine);
  };
  const post = (pathname: string, json: unknown, init: TestRequestInit = {}) =>
    app.request(pathname, { clientAddress: freshAddress(), ...init, json });
  const as = (token: string, pathname: string, init: TestRequestInit = {}) =>
    app.request(pathname, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    });
  const self: AccountsApp = {
    ...app,
    outboxFile,
    outbox,
    freshAddress,
    post,
    as,
    async lastCode(to) {
      const recipient = normalizeUserName(to) ?? to;
      const line = (await outbox()).filter((entry) => entry.to === recipient).at(-1);
      if (!line) throw new Error(`no code for ${to} in the outbox`);
      return line.code;
    },
    async signUp(userName, { password = 'secret-pass-1', name = 'سارا', headers } = {}) {
      const address = freshAddress();
      const init = await post('/auth/init', { user_name: userName }, { clientAddress: address });
      expect(init.status).toBe(200);
      const { remember_token, next } = await init.json();
      expect(next).toBe('VERIFY');
      const verify = await post('/auth/verify', {
        user_name: userName,
        code: await self.lastCode(userName),
        remember_token,
      });
      expect(verify.status).toBe(200);
      expect((await verify.json()).next).toBe('COMPLETE');
      const done = await post(
        '/auth/compelet',
        { remember_token, name, password, password_confirmation: password, accept_terms: true },
        { headers },
      );
      expect(done.status).toBe(200);
      const body = await done.json();
      return { token: body.token, me: body.me, password };
    },
    login: (userName, password, extra = {}) =>
      post('/auth/login', { user_name: userName, password, ...extra }),
  };
  return self;
}
