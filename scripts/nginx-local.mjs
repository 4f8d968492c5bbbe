// A private nginx for the integration test and the bench (decision record 0025): Debian's binary
// (nginx-light) with the repository's deploy/nginx configuration in front of an app on 127.0.0.1,
// unprivileged in a temporary prefix, listening on a free port of 127.0.0.1. Never the system's nginx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isExecutable, root, waitForUrl } from './lib.mjs';

export const nginxPath = () => process.env.NGINX_PATH || '/usr/sbin/nginx';
export const hasNginx = () => isExecutable(nginxPath());

/**
 * @param {{ appPort: number, dataMediaRoot?: string, demoMediaRoot?: string, extraServer?: string,
 *   bucket?: { endpoint: string, path: string } }} options
 *   extraServer: more directives for the server block (the bench adds a static page);
 *   bucket: the files from this S3 endpoint (`http://127.0.0.1:<port>`) and `/<bucket>/<prefix>`, with
 *   media-bucket-server.conf instead of the media roots and media-server.conf (issue 28)
 * @returns {Promise<{ origin: string, prefix: string, stop: () => Promise<void> }>}
 */
export async function startNginx({ appPort, dataMediaRoot, demoMediaRoot, extraServer = '', bucket }) {
  if (!hasNginx()) {
    throw new Error(`no nginx at ${nginxPath()}: apt-get install nginx-light (or set NGINX_PATH)`);
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-nginx-'));
  const port = await freePort();
  const deploy = path.join(root, 'deploy/nginx');
  const media = bucket
    ? `set $media_bucket_origin http://media_bucket;
    set $media_bucket_host ${new URL(bucket.endpoint).host};
    set $media_bucket_path ${bucket.path};
    include ${deploy}/media-bucket-server.conf;`
    : `set $media_data_root ${dataMediaRoot};
    set $media_demo_root ${demoMediaRoot};
    include ${deploy}/media-server.conf;`;
  const bucketUpstream = bucket
    ? `upstream media_bucket {
    server ${new URL(bucket.endpoint).host};
    keepalive 16;
  }`
    : '';
  // As root, nginx would run its worker as nobody, who cannot write the private prefix.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const config = `
${user}
worker_processes 1;
daemon off;
pid nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 19000; }
http {
  access_log off;
  client_body_temp_path tmp-body;
  proxy_temp_path tmp-proxy;
  fastcgi_temp_path tmp-fastcgi;
  uwsgi_temp_path tmp-uwsgi;
  scgi_temp_path tmp-scgi;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  include ${deploy}/media-http.conf;
  upstream cinema_app {
    server 127.0.0.1:${appPort};
    keepalive 32;
  }
  ${bucketUpstream}
  server {
    listen 127.0.0.1:${port};
    ${media}
    location = /_nginx_ready { return 204; }
    location / {
      proxy_pass http://cinema_app;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
    ${extraServer}
  }
}
`;
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), config);
  const child = spawn(nginxPath(), ['-p', prefix, '-c', 'nginx.conf', '-e', 'error.log'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let alive = true;
  const exited = new Promise((resolve) => child.on('exit', () => resolve((alive = false))));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (alive) child.kill('SIGTERM');
    await exited;
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForUrl(`${origin}/_nginx_ready`, 15_000, () => alive);
  } catch (error) {
    const log = fs.existsSync(path.join(prefix, 'error.log'))
      ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')
      : '';
    await stop();
    throw new Error(`nginx did not start: ${error.message}\n${stderr}${log}`, { cause: error });
  }
  return { origin, prefix, stop };
}
