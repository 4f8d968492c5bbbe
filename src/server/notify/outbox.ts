import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Transport } from './notifier';

/**
 * Where codes go when no SMS or e-mail provider is configured (development, tests, demos): one JSON
 * object a line in OUTBOX_FILE, and the same line in the server log. The only place a code is logged.
 */
export function outbox(file: string): Transport {
  let ready: Promise<unknown> | undefined;
  return {
    name: 'outbox',
    async send({ channel, to, text, code }) {
      ready ??= mkdir(path.dirname(file), { recursive: true });
      await ready;
      const line = JSON.stringify({ at: new Date().toISOString(), channel, to, text, code });
      await appendFile(file, `${line}\n`);
      console.log(`[outbox] ${line}`);
    },
  };
}
