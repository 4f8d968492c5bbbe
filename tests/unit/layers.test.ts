import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules that `npm run lint` checks (.dependency-cruiser.mjs, decision record 0038), run on a
 * small tree that holds one forbidden import per rule and the allowed ones beside them: each forbidden
 * import is reported under its rule, and nothing allowed is (a circle closed by a type import counts).
 */

const root = process.cwd();
const run = promisify(execFile);

const files: Record<string, string> = {
  'tsconfig.json': '{ "compilerOptions": { "module": "esnext", "moduleResolution": "bundler" } }',
  'src/server/api/security-headers.ts': 'export const headers = {};\n',
  'src/server/api/route.ts':
    "import { table } from '../db/schema';\nimport { refund } from '../commerce';\nexport const route = [table, refund];\n",
  'src/server/db/schema.ts': 'export const table = 1;\n',
  'src/server/db/client.ts': "import { goods } from '../shop/goods';\nexport const client = goods;\n",
  'src/server/core/audit.ts': 'export const audit = 1;\n',
  'src/server/media/door.ts':
    "import { headers } from '../api/security-headers';\nimport { audit } from '../core/audit';\nexport const door = [headers, audit];\n",
  'src/server/commerce/refunds.ts': 'export const refund = 1;\n',
  'src/server/commerce/index.ts': "export { refund } from './refunds';\n",
  'src/server/shop/goods.ts': "import { refund } from '../commerce/refunds';\nexport const goods = refund;\n",
  'src/server/cafes/seats.ts':
    "import { refund } from '../commerce';\nimport { table } from '../db/schema';\nexport const seats = [refund, table];\n",
  'src/server/catalog/editing.ts': "import { demo } from '../demo/seed';\nexport const editing = demo;\n",
  'src/server/demo/seed.ts': "import { seats } from '../cafes/seats';\nexport const demo = seats;\n",
  'src/server/notify/notifier.ts':
    "import { smtp } from './smtp';\nexport interface Transport { name: string }\nexport const notifier = smtp;\n",
  'src/server/notify/smtp.ts':
    "import type { Transport } from './notifier';\nexport const smtp: Transport = { name: 'smtp' };\n",
  'src/islands/admin/AdminAudit.ts':
    "import { audit } from '../../server/core/audit';\nexport const island = audit;\n",
};

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'layers-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the layering rules', () => {
  it('report each forbidden import under its rule and nothing that is allowed', async () => {
    const depcruise = path.join(root, 'node_modules/.bin/depcruise');
    const config = path.join(root, '.dependency-cruiser.mjs');
    const answer = await run(depcruise, ['src', '--config', config, '--output-type', 'json'], {
      cwd: dir,
    }).catch((error: { stdout: string }) => error);
    const report = JSON.parse(answer.stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    const found = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual(
      [
        'api-not-to-db: src/server/api/route.ts → src/server/db/schema.ts',
        'browser-not-to-server: src/islands/admin/AdminAudit.ts → src/server/core/audit.ts',
        'db-not-up: src/server/db/client.ts → src/server/shop/goods.ts',
        'domain-not-to-api-or-web: src/server/media/door.ts → src/server/api/security-headers.ts',
        'domain-not-to-composition: src/server/catalog/editing.ts → src/server/demo/seed.ts',
        'domain-not-to-demo: src/server/catalog/editing.ts → src/server/demo/seed.ts',
        'no-circular: src/server/notify/notifier.ts → src/server/notify/smtp.ts',
        'only-public-module: src/server/shop/goods.ts → src/server/commerce/refunds.ts',
      ].sort(),
    );
  }, 60_000);
});
