import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { StaffRole } from '~/shared/staff-constants';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { phone360, type Lang } from './commerce-helpers';
import { staffLogin } from './player-helpers';

/**
 * A staff member of its own for a console browser test: a new account given `role` by the demo admin
 * through the roles API, so its sessions belong to the test and nothing else logs them out.
 */
export async function staffMemberToken(request: APIRequestContext, role: StaffRole): Promise<string> {
  const phone = newPhone();
  const token = await signUpByApi(request, phone, 'staff-pass-1404', newAddress());
  const admin = await staffLogin(request);
  const granted = await request.post('/api/v1/staff/roles', {
    data: { user_name: phone, role },
    headers: { authorization: `Bearer ${admin}`, 'X-Forwarded-For': newAddress() },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  // The demo admin keeps at most 3 sessions and a new login ends the oldest: a session left behind here
  // would make a test that holds one for longer (admin-chat) lose it to the next three logins.
  await request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${admin}` } });
  return token;
}

/** That staff member signed in, in a browser context of its own: a 360 px phone in Persian, a desktop in English. */
export async function consolePage(
  browser: Browser,
  request: APIRequestContext,
  lang: Lang,
  role: StaffRole,
): Promise<Page> {
  const token = await staffMemberToken(request, role);
  const context = await browser.newContext({
    viewport: lang === 'fa' ? phone360 : { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': newAddress() },
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return context.newPage();
}
