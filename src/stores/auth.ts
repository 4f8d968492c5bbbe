import { persistentAtom } from '@nanostores/persistent';
import type { $Fetch } from 'ofetch';
import { atom, map } from 'nanostores';
import {
  initialFlow,
  transition,
  type CodePurpose,
  type FlowEvent,
  type LoginStep,
  type PendingCode,
} from '~/lib/auth-flow';
import { PIN_HEADER } from '~/shared/kids-constants';
import type { SessionOpened, VerifyResponse } from '~/shared/auth';
import type {
  ActiveSession,
  DeleteAccountRequest,
  Me,
  MeResponse,
  Profile,
  ProfilesResponse,
} from '~/shared/users';
import { storageKeys } from './keys';

export type { LoginStep } from '~/lib/auth-flow';

export interface Address {
  id: number;
  title: string;
  state: number;
  city: number;
  deliveryTo: string;
  tel: string;
  postalCode: string;
  fullAddress: string;
}

/** Field names as SPEC §3 writes them; the API sends and expects the same ones. */
export interface AuthState {
  user_name: string;
  password: string;
  step: LoginStep;
  active_sessions: ActiveSession[];
  s_id: string | null;
  profiles: Profile[];
  remember_token: string | null;
  loading: boolean;
  userMeta: Me | null;
  isLogin: boolean;
  error: string | null;
  favorite_list: unknown[];
  ticket_list: unknown[];
  orders_list: unknown[];
  shop_orders_list: unknown[];
  addresses: Address[];
  shop_cart: unknown;
}

export const initialAuth: AuthState = {
  user_name: '',
  password: '',
  step: 'INIT',
  active_sessions: [],
  s_id: null,
  profiles: [],
  remember_token: null,
  loading: false,
  userMeta: null,
  isLogin: false,
  error: null,
  favorite_list: [],
  ticket_list: [],
  orders_list: [],
  shop_orders_list: [],
  addresses: [],
  shop_cart: null,
};

/** The session token lives in localStorage so a reload keeps the viewer signed in. */
export const $token = persistentAtom<string | undefined>(storageKeys.token, undefined);

export const $auth = map<AuthState>({ ...initialAuth });

/**
 * The code last sent outlives the page in this tab (sessionStorage): a viewer who asks again for it on
 * the next page, within the wait, is taken back to typing it.
 */
const pendingKey = 'login_pending';

function readPendingCode(): PendingCode | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    return JSON.parse(sessionStorage.getItem(pendingKey) ?? 'null') as PendingCode | null;
  } catch {
    return null;
  }
}

function keepPendingCode(pending: PendingCode | null): void {
  if (typeof sessionStorage === 'undefined') return;
  if (pending) sessionStorage.setItem(pendingKey, JSON.stringify(pending));
  else sessionStorage.removeItem(pendingKey);
}

/**
 * The login flow's private part (the code and which call a device removal retries) lives beside the
 * SPEC §3 fields; `dispatch` keeps both in step through the pure machine of src/lib/auth-flow.ts.
 */
export const $flow = atom({ ...initialFlow, pending: readPendingCode() });

export function dispatch(event: FlowEvent): void {
  const previous = $flow.get();
  const next = transition(previous, event);
  $flow.set(next);
  if (next.pending !== previous.pending) keepPendingCode(next.pending);
  const { step, user_name, password, remember_token, active_sessions, s_id } = next;
  $auth.set({ ...$auth.get(), step, user_name, password, remember_token, active_sessions, s_id });
}

/**
 * Asking for a code: when the one sent last is for this user name and purpose and the resend wait is
 * not over, the flow goes back to typing it and this answers true; otherwise a new code is to be asked.
 */
export function resumePendingCode(user_name: string, purpose: CodePurpose): boolean {
  dispatch({ type: 'code-asked', user_name, purpose, now: Date.now() });
  return $flow.get().step === 'VERIFY';
}

/** Whether the login dialog is open; any island can open it, the header island renders it. */
export const $loginOpen = atom(false);

export function openLogin(): void {
  $loginOpen.set(true);
}

export function closeLogin(): void {
  $loginOpen.set(false);
  // A finished login starts afresh next time; an abandoned one keeps its user name (SPEC §4).
  if ($flow.get().step === 'DONE') dispatch({ type: 'reset' });
}

/**
 * SPEC §4 "successful login stores user and token and sets logged-in". The shop cart (`cart_id`) is
 * deliberately left alone: a guest's cart survives logging in.
 */
export function signIn(token: string, userMeta: Me): void {
  $token.set(token);
  $auth.set({ ...$auth.get(), userMeta, isLogin: true, error: null, loading: false });
}

/** Forgets the session everywhere it is kept: SPEC §8 logs out silently when the user cannot be loaded. */
export function signOut(): void {
  // undefined removes the key instead of leaving an empty token behind.
  $token.set(undefined);
  $flow.set({ ...initialFlow });
  keepPendingCode(null);
  $auth.set({ ...initialAuth });
}

/**
 * Stores the new session and moves the flow on: to SELECT_PROFILE when no profile is selected yet. The reply
 * of login, compelet, reset-password and cross-login, or of a verify that opened a session.
 */
export function sessionOpened(
  reply: Pick<SessionOpened, 'token' | 'me'> & Pick<VerifyResponse, 'next'>,
): void {
  signIn(reply.token, reply.me);
  dispatch({ type: 'session-opened', next: reply.next, hasProfile: reply.me.profile !== null });
}

/**
 * SPEC §4: loads the profiles for the picker; a failure resets auth and removes the token.
 * Returns whether it worked.
 */
export async function loadProfiles(api: $Fetch): Promise<boolean> {
  try {
    const { profiles } = await api<ProfilesResponse>('/me/profiles');
    $auth.setKey('profiles', profiles);
    return true;
  } catch {
    signOut();
    return false;
  }
}

/**
 * SPEC §4 on page load with a stored token: GET /me; no selected profile → SELECT_PROFILE (and the
 * profiles are loaded for the picker); any failure resets auth and removes the token.
 */
export async function loadUser(api: $Fetch): Promise<Me | null> {
  if (!$token.get()) return null;
  $auth.setKey('loading', true);
  try {
    const { me } = await api<MeResponse>('/me');
    $auth.set({ ...$auth.get(), userMeta: me, isLogin: true, loading: false });
    if (me.profile === null) {
      dispatch({ type: 'profile-needed' });
      if (!(await loadProfiles(api))) return null;
    }
    return me;
  } catch {
    signOut();
    return null;
  }
}

/**
 * POST /auth/select-profile/{id}: the chosen profile becomes this device's; the flow is done. `pin`:
 * the profile's PIN (or the main one) when the server asked for it (islands/shared/pin-prompt.tsx).
 */
export async function selectProfile(api: $Fetch, id: number, pin?: string): Promise<Me> {
  const headers: Record<string, string> = pin === undefined ? {} : { [PIN_HEADER]: pin };
  const { me } = await api<MeResponse>(`/auth/select-profile/${id}`, { method: 'POST', headers });
  $auth.setKey('userMeta', me);
  dispatch({ type: 'profile-selected' });
  return me;
}

/** SPEC §4: logging out resets auth and removes the token even when the call fails. */
export async function logout(api: $Fetch): Promise<void> {
  try {
    await api('/auth/logout', { method: 'POST' });
  } catch {
    // The API client has toasted the failure; the viewer is signed out on this device regardless.
  } finally {
    signOut();
  }
}

/** SPEC §4: deleting the account resets auth and removes the token even when the call fails. */
export async function deleteAccount(api: $Fetch, password?: string): Promise<void> {
  try {
    await api('/me/delete-account', {
      method: 'POST',
      body: (password ? { password } : {}) satisfies DeleteAccountRequest,
    });
  } catch {
    // As for logout: the rule is unconditional, the toast has already said what went wrong.
  } finally {
    signOut();
  }
}
