import fs from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { outboxFile } from '../../playwright.config';

/**
 * Shared steps of the account browser tests. Every test acts from its own client address
 * (X-Forwarded-For; the e2e server trusts the proxy header) and with its own phone number, so the code
 * sending limits (per address and per user name) never couple tests that run in parallel.
 */

export const labels = {
  fa: {
    open: 'ورود / ثبت‌نام',
    userName: 'شماره موبایل یا ایمیل',
    continue: 'ادامه',
    code: 'کد تأیید',
    name: 'نام و نام خانوادگی',
    password: 'رمز عبور',
    passwordConfirmation: 'تکرار رمز عبور',
    terms: /قوانین و مقررات/,
    signUp: 'ثبت‌نام',
    logIn: 'ورود',
    menu: 'منوی حساب کاربری',
    logout: 'خروج',
    whoIsWatching: 'چه کسی تماشا می‌کند؟',
    devices: 'دستگاه‌های فعال',
    removeDevice: 'خروج این دستگاه',
    profileName: 'نام پروفایل',
    addProfile: 'افزودن پروفایل',
    pleaseLogIn: 'برای دیدن این صفحه لطفاً وارد حساب خود شوید.',
  },
  en: {
    open: 'Log in / Sign up',
    userName: 'Mobile number or e-mail',
    continue: 'Continue',
    code: 'Verification code',
    name: 'Full name',
    password: 'Password',
    passwordConfirmation: 'Repeat password',
    terms: /terms and conditions/,
    signUp: 'Sign up',
    logIn: 'Log in',
    menu: 'Account menu',
    logout: 'Log out',
    whoIsWatching: 'Who is watching?',
    devices: 'Active devices',
    removeDevice: 'Log this device out',
    profileName: 'Profile name',
    addProfile: 'Add profile',
    pleaseLogIn: 'Please log in to see this page.',
  },
} as const;

export type Labels = (typeof labels)[keyof typeof labels];

/** A fresh mobile number (0912 + 7 random digits) in the local form a viewer types. */
export function newPhone(): string {
  return `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** A client address of its own for one test. */
export function newAddress(): string {
  const part = () => 1 + Math.floor(Math.random() * 250);
  return `10.${part()}.${part()}.${part()}`;
}

export function toPersianDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
}

interface OutboxLine {
  at: string;
  to: string;
  code?: string;
}

/** The newest code the outbox received for this phone number after `since`, waiting for it to arrive. */
export async function codeFor(phone: string, since: Date): Promise<string> {
  const to = `+98${phone.slice(1)}`;
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const text = await fs.readFile(outboxFile, 'utf8').catch(() => '');
        const lines = text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as OutboxLine)
          .filter((line) => line.to === to && line.code && new Date(line.at) >= since);
        code = lines.at(-1)?.code;
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** Opens the login dialog from the header (loading the account island on this first click). */
export async function openLogin(page: Page, l: Labels) {
  await page.getByRole('banner').getByRole('button', { name: l.open }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Creates an account with a password through the API (as the browser would), returning its token. */
export async function signUpByApi(
  request: APIRequestContext,
  phone: string,
  password: string,
  address: string,
): Promise<string> {
  const headers = { 'X-Forwarded-For': address };
  const since = new Date(Date.now() - 1000);
  const init = await request.post('/api/v1/auth/init', { data: { user_name: phone }, headers });
  expect(init.status()).toBe(200);
  const { remember_token } = (await init.json()) as { remember_token: string };
  const code = await codeFor(phone, since);
  const verify = await request.post('/api/v1/auth/verify', {
    data: { user_name: phone, code, remember_token },
    headers,
  });
  expect(verify.status()).toBe(200);
  const verified = (await verify.json()) as { remember_token: string };
  const complete = await request.post('/api/v1/auth/compelet', {
    data: {
      remember_token: verified.remember_token,
      name: 'Test Viewer',
      password,
      password_confirmation: password,
      accept_terms: true,
    },
    headers,
  });
  expect(complete.status()).toBe(200);
  return ((await complete.json()) as { token: string }).token;
}

/** One more session of the account, as another device would open it. */
export async function logInByApi(
  request: APIRequestContext,
  phone: string,
  password: string,
  address: string,
) {
  const reply = await request.post('/api/v1/auth/login', {
    data: { user_name: phone, password },
    headers: {
      'X-Forwarded-For': address,
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile',
    },
  });
  expect(reply.status()).toBe(200);
}
