import { persistentAtom } from '@nanostores/persistent';
import { map } from 'nanostores';
import { storageKeys } from './keys';

/** The login flow's screens (SPEC §2): start, verify, complete profile, reset, password, devices, profiles. */
export type AuthStep = 'start' | 'verify' | 'complete' | 'reset' | 'password' | 'sessions' | 'profiles';

export interface ProfileMember {
  id: number;
  name: string;
  avatar: string | null;
}

export interface ActiveSession {
  id: string;
  device: string;
  last_seen: string;
}

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

export interface UserMeta {
  id: number;
  name: string;
  profile: ProfileMember | null;
  favorites: number[];
}

/** Field names as SPEC §3 writes them; the API sends and expects the same ones. */
export interface AuthState {
  user_name: string;
  password: string;
  step: AuthStep;
  active_sessions: ActiveSession[];
  s_id: string | null;
  profiles: ProfileMember[];
  remember_token: string | null;
  loading: boolean;
  userMeta: UserMeta | null;
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
  step: 'start',
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

export function signIn(token: string, userMeta: UserMeta): void {
  $token.set(token);
  $auth.set({ ...$auth.get(), userMeta, isLogin: true, error: null, loading: false });
}

/** Forgets the session everywhere it is kept: SPEC §8 logs out silently when the user cannot be loaded. */
export function signOut(): void {
  // undefined removes the key instead of leaving an empty token behind.
  $token.set(undefined);
  $auth.set({ ...initialAuth });
}
