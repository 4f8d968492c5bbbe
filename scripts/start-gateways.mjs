#!/usr/bin/env node
// `npm run start:gateways`: the product as `npm start` runs it (PORT, HOST, DATA_DIR and the rest
// honoured), with local fakes of Zarinpal, Mellat, Saman, Pasargad and PayPal on free ports and all
// five gateways pointed at them, so a purchase can be tried through each of them in a browser. The
// fakes live in src/server/commerce/gateways/fakes (docs/decisions/0021-payment-gateways.md); Node
// runs their TypeScript as it is. Their state is in memory: it ends with this process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePinnedNode, root } from './lib.mjs';

ensurePinnedNode();

const { allGatewayFakes, serveFake } = await import(
  pathToFileURL(path.join(root, 'src/server/commerce/gateways/fakes/index.ts')).href
);

// The browser must reach the fakes' pages: on the product's host, or loopback for localhost.
const host = !process.env.HOST || process.env.HOST === 'localhost' ? '127.0.0.1' : process.env.HOST;
const served = await Promise.all(allGatewayFakes().map((fake) => serveFake(fake, { host })));
const env = { ...process.env };
for (const fake of served) Object.assign(env, fake.env);

console.log('Gateway fakes (pay / cancel / card declined on each payment page):');
for (const fake of served) console.log(`  ${fake.name.padEnd(9)} ${fake.origin}`);

const server = spawn(process.execPath, [path.join(root, 'server.mjs'), ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  await Promise.all(served.map((fake) => fake.close()));
  process.exit(code ?? (signal ? 1 : 0));
});
