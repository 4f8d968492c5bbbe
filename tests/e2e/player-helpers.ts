import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';

/**
 * Shared steps of the player tests. Every test makes its own viewer (never the demo viewer, whose
 * password another test resets) and gets access through the staff grant endpoint, as scripts/grant.mjs
 * does, from its own client address.
 */

/** A demo title's id, found by its slug through the search API (ids follow the seed order). */
export async function productIdOf(request: APIRequestContext, query: string, slug: string): Promise<number> {
  const reply = await request.get(`/api/v1/search?q=${encodeURIComponent(query)}`);
  expect(reply.status()).toBe(200);
  const { items } = (await reply.json()) as { items: { id: number; slug: string }[] };
  const item = items.find((candidate) => candidate.slug === slug);
  expect(item, `${slug} in the demo catalogue`).toBeTruthy();
  return item!.id;
}

interface LoginReply {
  token?: string;
  active_sessions?: { id: number; last_seen_at: string }[];
}

/** The demo staff admin (README). */
const DEMO_STAFF = { user_name: '09120000001', password: 'staff-pass-1404' };

/**
 * Logs a staff account in (the demo admin unless told). Other tests log it in too, and an account keeps
 * at most 3 sessions: when
 * the 4th is refused (409 with the list), the oldest session is ended, as a viewer would from the dialog.
 * Two workers may end the same oldest session at once and one of them is refused again, so it asks
 * again with the newer list, a few times.
 */
export async function staffLogin(
  request: APIRequestContext,
  data: { user_name: string; password: string } = DEMO_STAFF,
): Promise<string> {
  const headers = { 'X-Forwarded-For': newAddress() };
  let reply = await request.post('/api/v1/auth/login', { data, headers });
  for (let attempt = 0; attempt < 5 && reply.status() === 409; attempt++) {
    const { active_sessions = [] } = (await reply.json()) as LoginReply;
    const [oldest] = [...active_sessions].sort((a, b) => a.last_seen_at.localeCompare(b.last_seen_at));
    reply = await request.post('/api/v1/auth/login', {
      data: { ...data, remove_session_id: oldest?.id },
      headers,
    });
  }
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { token: string }).token;
}

export type Grant =
  | { type: 'subscription'; days: number }
  | { type: 'title'; product_id: number }
  | { type: 'ticket'; product_id: number; owned?: boolean };

/** POST /staff/grants; a ticket without an owner returns its code. */
export async function grant(
  request: APIRequestContext,
  phone: string | null,
  what: Grant,
): Promise<string | undefined> {
  const staff = await staffLogin(request);
  const { owned, ...rest } = what as Grant & { owned?: boolean };
  const data = { ...rest, ...(phone && owned !== false ? { user_name: phone } : {}) };
  const reply = await request.post('/api/v1/staff/grants', {
    data,
    headers: { Authorization: `Bearer ${staff}`, 'X-Forwarded-For': newAddress() },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const { code } = (await reply.json()) as { code?: string };
  // Leave room under the 3-session limit for the other tests that log staff in.
  await request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${staff}` } });
  return code;
}

export interface Viewer {
  phone: string;
  token: string;
  address: string;
  context: BrowserContext;
}

/** A new account, signed in in a browser context of its own (the token in localStorage, as after login). */
export async function newViewer(browser: Browser, request: APIRequestContext): Promise<Viewer> {
  const phone = newPhone();
  const address = newAddress();
  const token = await signUpByApi(request, phone, 'player-pass-1404', address);
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return { phone, token, address, context };
}

/** The player island has hydrated (a press before that does nothing yet). */
export async function playerReady(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Presses the big play button once the island can take the press. */
export async function pressPlay(page: Page): Promise<void> {
  await playerReady(page);
  await page.locator('[data-play]').click();
}

/** Presses the big play button and waits until the video has played `seconds`. */
export async function pressPlayAndWait(page: Page, seconds = 1.5): Promise<void> {
  await pressPlay(page);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(seconds);
}

export const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
