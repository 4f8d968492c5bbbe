import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serveChatStreamAtTheDoor } from '~/server/web/chat-door';
import { serveMediaAtTheDoor } from '~/server/web/media-door';
import type { TestApp } from './harness';

const run = promisify(execFile);

export interface ServedApi {
  /** `http://127.0.0.1:<port>`: the API lives under /api/v1 there, as with server.mjs. */
  origin: string;
  /** The URLs asked, in order (to see what a proxy in front passed on). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * The test app's API over real HTTP on 127.0.0.1, as server.mjs serves it (signed media files and chat
 * streams through their doors first), for clients that cannot be handed a Request: the command-line
 * scripts, ffmpeg, nginx, many event streams.
 */
export async function serveOverHttp(app: TestApp): Promise<ServedApi> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    const next = () => void viaApi(req, res);
    if (serveMediaAtTheDoor(app.ctx, req, res, next)) return;
    if (serveChatStreamAtTheDoor(app.ctx, req, res, next)) return;
    next();
  });
  async function viaApi(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await app.api.request(
      req.url ?? '/',
      {
        method: req.method ?? 'GET',
        headers: req.headers as Record<string, string>,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      },
      { clientAddress: '127.0.0.1' },
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/<script>` against the served API with STAFF_TOKEN set (or empty). */
export function runScript(
  served: ServedApi,
  script: string,
  args: string[],
  token?: string,
): Promise<ScriptRun> {
  return run(process.execPath, [`scripts/${script}`, ...args], {
    env: { ...process.env, PUBLIC_URL: served.origin, STAFF_TOKEN: token ?? '' },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: ScriptRun) => error,
  );
}
