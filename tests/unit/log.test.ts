import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, noteRequest, redactedKeys, withRequestFacts } from '~/server/core/log';

/** A logger of the server's format whose lines are kept here. */
function capture() {
  const lines: string[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop()!;
      lines.push(...parts);
      done();
    },
  });
  return { log: createLogger(stream, 'debug'), lines };
}

/** Values nobody may read in a log, each under a key the redaction list names. */
const secrets = {
  token: 'tok-4f9a1c-session-token',
  remember_token: 'rem-77e0-remember',
  authorization: 'Bearer tok-b3b3-from-header',
  Authorization: 'Bearer tok-c4c4-capitalised',
  cookie: 'sid=cookie-5151',
  password: 'Secret-Passw0rd!',
  newPassword: 'Newer-Passw0rd!',
  code: '416959',
  otp: '730021',
  secret: 'paypal-client-secret-9f9f',
  apiKey: 'kavenegar-key-3e3e',
  card: '6037-9911-2233-4455',
  cardPan: '603799******4455',
  pan: '6219861012345678',
  cvv2: '417',
  pin: '88990',
  signature: 'payman-signature-0a0a0a',
  Sign: 'pasargad-sign-1b1b1b',
  phone: '+989121234567',
  mobile: '09121234567',
  email: 'viewer@example.com',
};

describe('log', () => {
  it('writes JSON lines with the level by name, the time and the message', () => {
    const { log, lines } = capture();
    log.warn({ paymentId: 7, gateway: 'mellat' }, 'payment 7: settle failed');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'warn',
      paymentId: 7,
      gateway: 'mellat',
      msg: 'payment 7: settle failed',
    });
    expect(JSON.parse(lines[0]!).time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('redacts tokens, Authorization headers, codes, passwords, card and signature data, secrets and contact details at any depth', () => {
    expect(Object.keys(secrets).sort()).toEqual(redactedKeys.filter((key) => key in secrets).sort());
    const { log, lines } = capture();
    // A request as a careless line might log it, a gateway's answer, and an error carrying details.
    log.info(
      {
        ...secrets,
        req: { method: 'POST', headers: { ...secrets, 'set-cookie': 'sid=set-cookie-6262' } },
        body: { user_name: 'viewer', ...secrets },
        gateway: { answer: { ...secrets, status: 0 } },
        paymentId: 41,
      },
      'an event with everything in it',
    );
    const error = Object.assign(new Error('verify refused'), { details: { ...secrets } });
    log.error({ err: error, paymentId: 41 }, 'verify failed');
    // The process id, the time and the stack's line numbers are digits too (a pid of 4178 holds cvv2's
    // 417): they are left out of what is searched, since no value of a field can hide there.
    const output = lines
      .map((line) => {
        const { pid: _pid, time: _time, err, ...rest } = JSON.parse(line) as Record<string, unknown>;
        const { stack: _stack, ...errRest } = (err ?? {}) as Record<string, unknown>;
        return JSON.stringify({ ...rest, err: errRest });
      })
      .join('\n');
    for (const [key, value] of Object.entries(secrets)) {
      expect(output, `${key} leaked`).not.toContain(value);
    }
    expect(output).not.toContain('set-cookie-6262');
    const event = JSON.parse(lines[0]!);
    expect(event.req.headers.authorization).toBe('[redacted]');
    expect(event.body.user_name).toBe('viewer');
    expect(event.gateway.answer.status).toBe(0);
    expect(event.paymentId).toBe(41);
    expect(JSON.parse(lines[1]!)).toMatchObject({ paymentId: 41, err: { message: 'verify refused' } });
  });

  it("leaves a failed query's values out: Drizzle's params in the message and stack, PostgreSQL's detail", () => {
    const { log, lines } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), {
      code: '23505',
      detail: 'Key (phone)=(+989121234567) already exists.',
    });
    // What drizzle-orm's DrizzleQueryError carries (its message names the values).
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "users" ("phone", "password_hash") values ($1, $2)\nparams: +989121234567,argon2id$secret-hash',
      ),
      {
        query: 'insert into "users" ("phone", "password_hash") values ($1, $2)',
        params: ['+989121234567', 'argon2id$secret-hash'],
        cause,
      },
    );
    log.error({ err: failed }, 'unexpected error answering POST');
    const output = lines.join('\n');
    expect(output).not.toContain('+989121234567');
    expect(output).not.toContain('secret-hash');
    const line = JSON.parse(lines[0]!);
    expect(line.err.message).toBe(
      'Failed query: insert into "users" ("phone", "password_hash") values ($1, $2)\nparams: [redacted]',
    );
    expect(line.err.query).toContain('insert into "users"');
  });

  it('stamps every line logged while a request is served with its id and, once known, the user id', async () => {
    const { log, lines } = capture();
    log.info('before any request');
    await withRequestFacts({ requestId: 'req-1' }, async () => {
      log.info('looking up the session');
      await Promise.resolve();
      noteRequest({ userId: 42 });
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info('answering');
    });
    const [outside, first, second] = lines.map((line) => JSON.parse(line));
    expect(outside.reqId).toBeUndefined();
    expect(first).toMatchObject({ reqId: 'req-1' });
    expect(first.userId).toBeUndefined();
    expect(second).toMatchObject({ reqId: 'req-1', userId: 42 });
  });
});
