import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { localPath, locales } from '~/lib/locale';
import { labels, newAddress, newPhone, signUpByApi } from './auth-helpers';
import { resolve, routes } from './routes';

/**
 * Issue 24 (16): every page of ./routes, in both languages, is valid HTML by the Nu HTML Checker (the
 * W3C's, from npm's vnu-jar, run on this machine's Java): as the server sends it, and with the signed-in
 * header as the browser builds it. The pages are saved to files and checked by one run of the checker
 * (a JVM takes seconds to start).
 */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** The checker's errors in every file of `dir`, each as "file:line: message". */
async function htmlErrors(dir: string): Promise<string[]> {
  const files = fs.readdirSync(dir).map((name) => path.join(dir, name));
  // The checker exits 1 when it found errors; its report is on stdout either way.
  const { stdout } = await promisify(execFile)(
    'java',
    ['-jar', vnuJar, '--format', 'json', '--stdout', '--errors-only', ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
  return (
    messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      // The checker's CSS part (the W3C CSS validator of old) knows neither @property nor margin-trim,
      // which Tailwind 4 writes and every current browser reads: this test is about the HTML.
      .filter((message) => !message.message.startsWith('CSS: '))
      .map((message) => `${path.basename(message.url)}:${message.lastLine ?? '?'}: ${message.message}`)
  );
}

const fileName = (label: string) =>
  `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.html`;

test('every page is valid HTML in both languages, signed out and with the signed-in header', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-html-'));
  try {
    // As the server sends them (signed-in pages too: the session lives in the browser, not the HTML).
    for (const route of routes) {
      const resolved = await resolve(request, route.path);
      for (const locale of locales) {
        const address = localPath(resolved, locale);
        const response = await request.get(address);
        expect(response.headers()['content-type'], address).toContain('text/html');
        fs.writeFileSync(path.join(dir, fileName(`${locale}-${route.path}`)), await response.text());
      }
    }

    // The header of a signed-in viewer, as the browser builds it.
    const address = newAddress();
    const token = await signUpByApi(request, newPhone(), 'html-check-1404', address);
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    for (const locale of locales) {
      // An account page loads the account island at once (others at idle time).
      await page.goto(localPath('/account/favorites', locale));
      await expect(page.getByRole('banner').getByRole('button', { name: labels[locale].menu })).toBeVisible({
        timeout: 15_000,
      });
      fs.writeFileSync(path.join(dir, `signed-in-${locale}.html`), await page.content());
    }
    await context.close();

    expect(await htmlErrors(dir)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
