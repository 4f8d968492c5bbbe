import { describe, expect, it } from 'vitest';
import {
  clockText,
  initialFlow,
  isCompleteCode,
  normalizeCode,
  retryAfterSeconds,
  retryCall,
  secondsLeft,
  transition,
  type FlowEvent,
  type FlowState,
} from '~/lib/auth-flow';
import type { ActiveSession } from '~/shared/users';

const sessions: ActiveSession[] = [1, 2, 3].map((id) => ({
  id,
  device: `Chrome, Android ${id}`,
  place: 'IR',
  last_seen_at: '2026-03-20T10:00:00.000Z',
  created_at: '2026-03-01T10:00:00.000Z',
}));

function run(...events: FlowEvent[]): FlowState {
  return events.reduce(transition, initialFlow);
}

const phone = '09121234567';
/** When the last code sent may be asked for again. */
const resendAt = 60_000;

describe('the login steps (SPEC §4)', () => {
  it('INIT goes to LOGIN for an account with a password, to VERIFY otherwise', () => {
    expect(
      run({ type: 'initialised', user_name: phone, next: 'LOGIN', remember_token: 'r1', resendAt }),
    ).toMatchObject({
      step: 'LOGIN',
      user_name: phone,
      remember_token: 'r1',
    });
    expect(
      run({ type: 'initialised', user_name: phone, next: 'VERIFY', remember_token: 'r1', resendAt }).step,
    ).toBe('VERIFY');
  });

  it('VERIFY leads to COMPLETE for a new account and to FORGET_PASSWORD after "forgot password"', () => {
    const signUp = run(
      { type: 'initialised', user_name: phone, next: 'VERIFY', remember_token: 'r1', resendAt },
      { type: 'verified', next: 'COMPLETE', remember_token: 'r2' },
    );
    expect(signUp).toMatchObject({ step: 'COMPLETE', remember_token: 'r2' });

    const forgot = run(
      { type: 'initialised', user_name: phone, next: 'LOGIN', remember_token: 'r1', resendAt },
      { type: 'code-sent', purpose: 'forget', remember_token: 'r3', resendAt },
    );
    expect(forgot).toMatchObject({ step: 'VERIFY', purpose: 'forget', remember_token: 'r3' });
    expect(
      transition(forgot, { type: 'verified', next: 'FORGET_PASSWORD', remember_token: 'r4' }),
    ).toMatchObject({
      step: 'FORGET_PASSWORD',
      remember_token: 'r4',
    });
  });

  it('REGISTER, where a server uses it, is a step of its own', () => {
    const state = run(
      { type: 'initialised', user_name: phone, next: 'VERIFY', remember_token: 'r1', resendAt },
      { type: 'verified', next: 'REGISTER', remember_token: 'r2' },
    );
    expect(state.step).toBe('REGISTER');
  });

  it('an opened session is DONE with a selected profile and SELECT_PROFILE without one', () => {
    const login = run({
      type: 'initialised',
      user_name: phone,
      next: 'LOGIN',
      remember_token: 'r1',
      resendAt,
    });
    expect(transition(login, { type: 'session-opened', next: 'DONE', hasProfile: true }).step).toBe('DONE');
    expect(transition(login, { type: 'session-opened', next: 'SELECT_PROFILE', hasProfile: true }).step).toBe(
      'SELECT_PROFILE',
    );
    // GET /me without a selected profile: the client goes to SELECT_PROFILE whatever `next` said.
    expect(transition(login, { type: 'session-opened', next: 'DONE', hasProfile: false }).step).toBe(
      'SELECT_PROFILE',
    );
    const picked = transition(transition(login, { type: 'profile-needed' }), { type: 'profile-selected' });
    expect(picked.step).toBe('DONE');
  });

  it('a 4th device keeps the password, lists the sessions and retries the login naming the one to end', () => {
    const refused = run(
      { type: 'initialised', user_name: phone, next: 'LOGIN', remember_token: 'r1', resendAt },
      { type: 'too-many-sessions', call: 'login', active_sessions: sessions, password: 'secret-pass' },
    );
    expect(refused).toMatchObject({
      step: 'MORE_THAN_3_ACTIVE_SESSION',
      password: 'secret-pass',
      active_sessions: sessions,
      retry: 'login',
    });
    expect(retryCall(refused, 2)).toEqual({
      path: '/auth/login',
      body: { user_name: phone, password: 'secret-pass', remove_session_id: 2 },
    });
    // Once in, neither the password nor the list stays in memory.
    const done = transition(refused, { type: 'session-opened', next: 'DONE', hasProfile: true });
    expect(done).toMatchObject({ step: 'DONE', password: '', active_sessions: [], retry: null });
  });

  it('retries a refused verify with its code, a reset with its password and a cross-login with its s_id', () => {
    const verify = run(
      { type: 'initialised', user_name: phone, next: 'VERIFY', remember_token: 'r1', resendAt },
      { type: 'too-many-sessions', call: 'verify', active_sessions: sessions, code: '123456' },
    );
    expect(retryCall(verify, 1)).toEqual({
      path: '/auth/verify',
      body: { user_name: phone, code: '123456', remember_token: 'r1', remove_session_id: 1 },
    });

    const reset = run(
      { type: 'initialised', user_name: phone, next: 'LOGIN', remember_token: 'r1', resendAt },
      { type: 'code-sent', purpose: 'forget', remember_token: 'r2', resendAt },
      { type: 'verified', next: 'FORGET_PASSWORD', remember_token: 'r3' },
      { type: 'too-many-sessions', call: 'reset', active_sessions: sessions, password: 'new-pass-1' },
    );
    expect(retryCall(reset, 3)).toEqual({
      path: '/auth/reset-password',
      body: {
        remember_token: 'r3',
        password: 'new-pass-1',
        password_confirmation: 'new-pass-1',
        remove_session_id: 3,
      },
    });

    const cross = run(
      { type: 'cross-login', s_id: 'ABCD2345' },
      { type: 'too-many-sessions', call: 'cross-login', active_sessions: sessions },
    );
    expect(retryCall(cross, 1)).toEqual({
      path: '/auth/cross-login',
      body: { s_id: 'ABCD2345', remove_session_id: 1 },
    });
    expect(retryCall(initialFlow, 1)).toBeNull();
  });

  it('going back to the start keeps the user name and forgets the rest of the attempt', () => {
    const back = run(
      { type: 'initialised', user_name: phone, next: 'LOGIN', remember_token: 'r1', resendAt },
      { type: 'too-many-sessions', call: 'login', active_sessions: sessions, password: 'secret-pass' },
      { type: 'back' },
    );
    expect(back).toEqual({ ...initialFlow, user_name: phone });
    expect(transition(back, { type: 'reset' })).toEqual(initialFlow);
  });

  it('asking again for a code within the wait goes back to the code already sent (issue 24, 5)', () => {
    const sent = run({
      type: 'initialised',
      user_name: phone,
      next: 'VERIFY',
      remember_token: 'r1',
      resendAt,
    });
    const back = transition(sent, { type: 'back' });
    expect(back).toMatchObject({ step: 'INIT', user_name: phone, remember_token: null });
    const again = { type: 'code-asked', user_name: phone, purpose: 'login' } as const;
    expect(transition(back, { ...again, now: resendAt - 22_000 })).toMatchObject({
      step: 'VERIFY',
      remember_token: 'r1',
      purpose: 'login',
      pending: { resendAt },
    });
    // Once the wait is over a new code is asked for; another number or a reset code is another matter.
    expect(transition(back, { ...again, now: resendAt }).step).toBe('INIT');
    expect(transition(back, { ...again, user_name: '09120000000', now: 0 }).step).toBe('INIT');
    expect(transition(back, { ...again, purpose: 'forget', now: 0 }).step).toBe('INIT');
    // An opened session forgets it.
    const opened = transition(sent, { type: 'session-opened', next: 'DONE', hasProfile: true });
    expect(opened.pending).toBeNull();
  });
});

describe('the code field', () => {
  it('accepts Persian and Arabic digits', () => {
    expect(normalizeCode('۱۲۳۴۵۶')).toBe('123456');
    expect(normalizeCode('١٢٣٤٥٦')).toBe('123456');
  });

  it('keeps the digits of a pasted message or a spaced code, at most six', () => {
    expect(normalizeCode('کد ورود شما: ۴۸۲ ۹۱۷')).toBe('482917');
    expect(normalizeCode(' 12-34-56 ')).toBe('123456');
    expect(normalizeCode('1234567890')).toBe('123456');
    expect(isCompleteCode(normalizeCode('12345'))).toBe(false);
    expect(isCompleteCode(normalizeCode('۱۲۳۴۵۶'))).toBe(true);
  });
});

describe('countdowns', () => {
  const now = Date.parse('2026-03-20T10:00:00.000Z');

  it('reads Retry-After as seconds or as an HTTP date, else falls back', () => {
    expect(retryAfterSeconds('42', now, 60)).toBe(42);
    expect(retryAfterSeconds(new Date(now + 90_500).toUTCString(), now, 60)).toBe(90);
    expect(retryAfterSeconds(new Date(now - 5000).toUTCString(), now, 60)).toBe(0);
    expect(retryAfterSeconds(null, now, 60)).toBe(60);
    expect(retryAfterSeconds('soon', now, 60)).toBe(60);
  });

  it('counts whole seconds down to zero and shows m:ss', () => {
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now + 1000, now)).toBe(1);
    expect(secondsLeft(now - 1000, now)).toBe(0);
    expect(clockText(60)).toBe('1:00');
    expect(clockText(9)).toBe('0:09');
    expect(clockText(125)).toBe('2:05');
  });
});
