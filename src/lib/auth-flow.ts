import type { ActiveSession } from '~/shared/users';
import { toLatinDigits } from './format';

/**
 * The login steps of SPEC §4 as a pure state machine: the modal renders `step` and feeds the answers of
 * /api/v1/auth/* back in as events. No I/O here, so every transition is unit-tested without a browser.
 * Shapes are imported as types only: the shared zod schemas pull zod and the phone tables into the island.
 */

export type LoginStep =
  | 'INIT'
  | 'VERIFY'
  | 'COMPLETE'
  | 'REGISTER'
  | 'FORGET_PASSWORD'
  | 'LOGIN'
  | 'MORE_THAN_3_ACTIVE_SESSION'
  | 'SELECT_PROFILE'
  | 'DONE';

/**
 * Every call that opens a session may be refused as the 4th device (contract: 409 with
 * active_sessions). The machine remembers which one, so the retry after removing a device is the same call.
 */
export type SessionCall = 'login' | 'verify' | 'reset' | 'cross-login';

/** Why a code was sent: a normal login or sign-up, or "forgot password". */
export type CodePurpose = 'login' | 'forget';

/**
 * The code last sent, kept when the viewer goes back to the start: the server sends no second code
 * within the resend wait, so asking again for the same user name returns to this one (issue 24, 5).
 */
export interface PendingCode {
  user_name: string;
  remember_token: string;
  purpose: CodePurpose;
  /** When a new code may be asked for (epoch ms). */
  resendAt: number;
}

export interface FlowState {
  step: LoginStep;
  user_name: string;
  /** Kept while the viewer picks a device to end, so the refused call is retried without retyping. */
  password: string;
  code: string;
  remember_token: string | null;
  purpose: CodePurpose;
  active_sessions: ActiveSession[];
  retry: SessionCall | null;
  /** The cross-login code being consumed on this device, if that is how the login started. */
  s_id: string | null;
  pending: PendingCode | null;
}

/** `resendAt` (epoch ms) comes with every code sent: the resend button counts down to it. */
export type FlowEvent =
  | {
      type: 'initialised';
      user_name: string;
      next: 'LOGIN' | 'VERIFY';
      remember_token: string;
      resendAt: number;
    }
  | { type: 'code-sent'; purpose: CodePurpose; remember_token: string; resendAt: number }
  /** Asking for a code again: back to the one already sent when it is for this user name and purpose. */
  | { type: 'code-asked'; user_name: string; purpose: CodePurpose; now: number }
  | { type: 'verified'; next: string; remember_token: string }
  | { type: 'session-opened'; next: string; hasProfile: boolean }
  | {
      type: 'too-many-sessions';
      call: SessionCall;
      active_sessions: ActiveSession[];
      password?: string;
      code?: string;
    }
  | { type: 'cross-login'; s_id: string }
  | { type: 'profile-needed' }
  | { type: 'profile-selected' }
  | { type: 'back' }
  | { type: 'reset' };

export const initialFlow: FlowState = {
  step: 'INIT',
  user_name: '',
  password: '',
  code: '',
  remember_token: null,
  purpose: 'login',
  active_sessions: [],
  retry: null,
  s_id: null,
  pending: null,
};

/** Steps a verify answer can lead to without a session being opened. */
const afterVerify: Record<string, LoginStep> = {
  COMPLETE: 'COMPLETE',
  REGISTER: 'REGISTER',
  FORGET_PASSWORD: 'FORGET_PASSWORD',
};

/** The VERIFY step of a code just sent, remembered as the pending one. */
function codeSent(
  state: FlowState,
  purpose: CodePurpose,
  remember_token: string,
  resendAt: number,
): FlowState {
  const pending = { user_name: state.user_name, remember_token, purpose, resendAt };
  return { ...state, step: 'VERIFY', purpose, remember_token, pending };
}

/** Whether the code already sent is the one to type now: same user name and purpose, wait not over. */
export function pendingCodeFor(
  state: FlowState,
  user_name: string,
  purpose: CodePurpose,
  now: number,
): PendingCode | null {
  const { pending } = state;
  const live = pending?.user_name === user_name && pending.purpose === purpose && pending.resendAt > now;
  return live ? pending : null;
}

export function transition(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'initialised': {
      const started = { ...initialFlow, user_name: event.user_name, pending: state.pending };
      if (event.next === 'VERIFY') return codeSent(started, 'login', event.remember_token, event.resendAt);
      return { ...started, remember_token: event.remember_token, step: event.next };
    }
    case 'code-sent':
      return codeSent(state, event.purpose, event.remember_token, event.resendAt);
    case 'code-asked': {
      const pending = pendingCodeFor(state, event.user_name, event.purpose, event.now);
      if (!pending) return state;
      return {
        ...state,
        user_name: pending.user_name,
        step: 'VERIFY',
        purpose: pending.purpose,
        remember_token: pending.remember_token,
      };
    }
    case 'verified':
      // DONE and SELECT_PROFILE come with a token and are handled as 'session-opened' by the caller.
      return { ...state, remember_token: event.remember_token, step: afterVerify[event.next] ?? state.step };
    case 'session-opened':
      // The password and code served their purpose; they must not outlive the login in memory.
      return {
        ...state,
        password: '',
        code: '',
        active_sessions: [],
        retry: null,
        s_id: null,
        pending: null,
        step: event.next === 'SELECT_PROFILE' || !event.hasProfile ? 'SELECT_PROFILE' : 'DONE',
      };
    case 'too-many-sessions':
      return {
        ...state,
        step: 'MORE_THAN_3_ACTIVE_SESSION',
        retry: event.call,
        active_sessions: event.active_sessions,
        password: event.password ?? state.password,
        code: event.code ?? state.code,
      };
    case 'cross-login':
      return { ...initialFlow, s_id: event.s_id };
    case 'profile-needed':
      return { ...state, step: 'SELECT_PROFILE' };
    case 'profile-selected':
      return { ...state, step: 'DONE' };
    case 'back':
      // SPEC §4: going back to the start keeps the user name (and nothing else of the attempt but the
      // code already sent, which the server will not send again within the wait).
      return { ...initialFlow, user_name: state.user_name, pending: state.pending };
    case 'reset':
      return { ...initialFlow };
  }
}

/** The body of the call to retry after a device was chosen for removal. */
export function retryCall(
  state: FlowState,
  removeSessionId: number,
): { path: string; body: Record<string, unknown> } | null {
  const remove_session_id = removeSessionId;
  switch (state.retry) {
    case 'login':
      return {
        path: '/auth/login',
        body: { user_name: state.user_name, password: state.password, remove_session_id },
      };
    case 'verify':
      return {
        path: '/auth/verify',
        body: {
          user_name: state.user_name,
          code: state.code,
          remember_token: state.remember_token,
          remove_session_id,
        },
      };
    case 'reset':
      return {
        path: '/auth/reset-password',
        body: {
          remember_token: state.remember_token,
          password: state.password,
          password_confirmation: state.password,
          remove_session_id,
        },
      };
    case 'cross-login':
      return { path: '/auth/cross-login', body: { s_id: state.s_id, remove_session_id } };
    case null:
      return null;
  }
}

export const CODE_LENGTH = 6;

/**
 * What the code field keeps of what was typed, pasted or autofilled: Persian and Arabic digits become
 * Latin, everything else (spaces, dashes, "Code: " in a pasted SMS) goes, and at most six digits stay.
 */
export function normalizeCode(raw: string): string {
  return toLatinDigits(raw).replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === CODE_LENGTH;
}

/**
 * Seconds to wait from a Retry-After header (seconds, or an HTTP date), never negative; `fallback` when
 * the header is missing or unreadable.
 */
export function retryAfterSeconds(header: string | null | undefined, now: number, fallback: number): number {
  if (!header) return fallback;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return fallback;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Whole seconds left until `deadline` (epoch ms), rounded up so "0" means it has passed. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** m:ss, for the resend and cross-login countdowns (digits localised by the caller). */
export function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** The epoch ms `seconds` from now: the deadline a countdown runs to. */
export function deadlineAfter(seconds: number, now = Date.now()): number {
  return now + seconds * 1000;
}

/** Resend waits this long after a code was sent when the server did not say (contract: about 60 s). */
export const RESEND_SECONDS = 60;

interface FailedCall {
  status?: number;
  data?: unknown;
  response?: { headers: Headers };
}

/** The devices listed by a login refused as the 4th one (409, next MORE_THAN_3_ACTIVE_SESSION), else null. */
export function tooManySessionsOf(error: unknown): ActiveSession[] | null {
  const { status, data } = (error ?? {}) as FailedCall;
  if (status !== 409 || typeof data !== 'object' || data === null) return null;
  const body = data as { next?: unknown; active_sessions?: unknown };
  if (body.next !== 'MORE_THAN_3_ACTIVE_SESSION' || !Array.isArray(body.active_sessions)) return null;
  return body.active_sessions as ActiveSession[];
}

/** For a 429: how long to wait, from its Retry-After header; null for any other failure. */
export function rateLimitWaitOf(error: unknown, now = Date.now()): number | null {
  const { status, response } = (error ?? {}) as FailedCall;
  if (status !== 429) return null;
  return retryAfterSeconds(response?.headers.get('Retry-After'), now, RESEND_SECONDS);
}
