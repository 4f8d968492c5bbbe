import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { distDir } from '../../playwright.config';
import { newAddress, newPhone } from './auth-helpers';
import { abroadAddress, type Lang } from './commerce-helpers';

/**
 * `npm run start:gateways` (the product with the five gateway fakes, Zarinpal's with Payman) on a port
 * of its own for a spec file: started before its tests, stopped after, its data in a temporary folder.
 */

export interface GatewaysServer {
  /** Set once the server is up. */
  origin: string;
  /** A new viewer signed up on this server (the code read from its outbox), signed in, on a page. */
  newViewer(browser: Browser, lang: Lang, abroad: boolean): Promise<Page>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export function useGatewaysServer(): GatewaysServer {
  let server: ChildProcess | undefined;
  let dataDir = '';
  const self: GatewaysServer = { origin: '', newViewer };

  async function api(pathname: string, address: string, json: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${self.origin}/api/v1${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(json),
    });
    expect(res.status, pathname).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  async function newViewer(browser: Browser, lang: Lang, abroad: boolean): Promise<Page> {
    const address = abroad ? abroadAddress() : newAddress();
    const phone = newPhone();
    const init = await api('/auth/init', address, { user_name: phone });
    let code: string | undefined;
    for (let tries = 0; !code && tries < 50; tries++) {
      const lines = fs.readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').split('\n').filter(Boolean);
      code = lines
        .map((line) => JSON.parse(line) as { to: string; code: string })
        .findLast((line) => line.to.endsWith(phone.slice(1)))?.code;
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const verified = await api('/auth/verify', address, {
      user_name: phone,
      code,
      remember_token: init['remember_token'],
    });
    const password = 'buyer-pass-1404';
    const { token } = await api('/auth/compelet', address, {
      remember_token: verified['remember_token'],
      name: 'Gateway Buyer',
      password,
      password_confirmation: password,
      accept_terms: true,
    });
    const context = await browser.newContext({
      viewport: lang === 'fa' ? { width: 360, height: 780 } : { width: 1280, height: 800 },
      extraHTTPHeaders: { 'X-Forwarded-For': address },
    });
    await context.addInitScript((value) => localStorage.setItem('token', value), token as string);
    return context.newPage();
  }

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const port = await freePort();
    self.origin = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-gateways-'));
    server = spawn(process.execPath, ['scripts/start-gateways.mjs'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: self.origin,
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        TRUST_PROXY: '1',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let waited = 0; ; waited += 500) {
      const up = await fetch(`${self.origin}/api/v1/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (waited > 230_000 || server.exitCode !== null) throw new Error('start:gateways did not come up');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return self;
}
