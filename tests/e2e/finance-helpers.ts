import { expect, type APIRequestContext } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { staffLogin } from './player-helpers';

/**
 * A staff member of its own with the `finance` role, made by the demo admin through the console's
 * roles API: the browser tests of payments and discount codes act as finance staff, and their sessions
 * are theirs, so other specs logging the shared demo staff account in and out never end them.
 */
export async function financeLogin(request: APIRequestContext): Promise<string> {
  const phone = newPhone();
  const token = await signUpByApi(request, phone, 'finance-pass-1404', newAddress());
  const admin = await staffLogin(request);
  const granted = await request.post('/api/v1/staff/roles', {
    data: { user_name: phone, role: 'finance' },
    headers: { authorization: `Bearer ${admin}`, 'X-Forwarded-For': newAddress() },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  // Leave room under the 3-session limit for the other tests that log the demo staff in.
  await request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${admin}` } });
  return token;
}
