import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Transport } from './transport';
import { log } from '../core/log';

/**
 * Where codes go when no SMS or e-mail provider is configured (development, tests, demos): one JSON
 * object a line in OUTBOX_FILE, and in the demo its text in the server log (the only place a code is
 * logged). In production (`echo` off) the log says only that a message went to the file: log lines
 * reach collectors and people a login code must not.
 */
export function outbox(file: string, { echo }: { echo: boolean }): Transport {
  let ready: Promise<unknown> | undefined;
  return {
    name: 'outbox',
    async send({ channel, to, text, code, attachments }) {
      ready ??= mkdir(path.dirname(file), { recursive: true });
      await ready;
      // An attachment is named with its size, not written: the outbox is a log of messages, not of files.
      const files = attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        bytes: content.length,
      }));
      const line = JSON.stringify({
        at: new Date().toISOString(),
        channel,
        to,
        text,
        code,
        attachments: files,
      });
      await appendFile(file, `${line}\n`);
      // For whoever runs the demo: the message (with its code) readable in the message text, not in a
      // field, where the redaction list would hide it.
      if (echo) log.info({ channel }, `outbox: ${channel} to ${to}: ${text}`);
      else
        log.warn(
          { channel },
          `outbox: a ${channel} message was written to OUTBOX_FILE (no provider configured)`,
        );
    },
  };
}
