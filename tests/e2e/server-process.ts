import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect } from '@playwright/test';
import { distDir } from '../../playwright.config';

/** server.mjs as an operator starts it, on a free port of 127.0.0.1, serving the tests' build. */

export interface Server {
  url: string;
  child: ChildProcess;
  exitCode: number | null;
  output(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(
  dataDir: string,
  { expectExit = false, env = {} }: { expectExit?: boolean; env?: Record<string, string> } = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DIST_DIR: distDir,
      BUILD: 'never',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: Server = { url: `http://127.0.0.1:${port}`, child, exitCode: null, output: () => output };
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      server.exitCode = code;
      resolve();
    }),
  );
  if (expectExit) {
    await exited;
    return server;
  }
  await expect
    .poll(() => output.includes('Serving on') || server.exitCode !== null, { timeout: 120_000 })
    .toBe(true);
  expect(server.exitCode, output).toBeNull();
  return server;
}

export async function stopServer(server: Server): Promise<number | null> {
  if (server.exitCode === null) {
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGTERM');
    await exited;
  }
  return server.exitCode;
}
