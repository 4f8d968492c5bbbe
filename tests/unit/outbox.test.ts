import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '~/server/core/log';
import type { Delivery } from '~/server/notify/transport';
import { outbox } from '~/server/notify/outbox';

/** A login code reaches the server log only in the demo; in production it stays in OUTBOX_FILE. */
describe('the outbox', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-test-'));
  const file = path.join(dir, 'outbox.jsonl');
  const message: Delivery = {
    channel: 'sms',
    to: '+989120000000',
    subject: 'Your code',
    text: 'Your code: 482913',
    code: '482913',
  };
  afterEach(() => vi.restoreAllMocks());

  function logged(): string {
    return JSON.stringify([...vi.mocked(log.info).mock.calls, ...vi.mocked(log.warn).mock.calls]);
  }

  it('prints the message with its code for whoever runs the demo', async () => {
    vi.spyOn(log, 'info').mockImplementation(() => {});
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    await outbox(file, { echo: true }).send(message);
    expect(logged()).toContain('482913');
  });

  it('in production logs neither the code, the text nor the recipient, and still writes the file', async () => {
    vi.spyOn(log, 'info').mockImplementation(() => {});
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    await outbox(file, { echo: false }).send(message);
    expect(logged()).not.toContain('482913');
    expect(logged()).not.toContain('+989120000000');
    expect(logged()).toContain('OUTBOX_FILE');
    expect(fs.readFileSync(file, 'utf8').trim().split('\n').at(-1)).toContain('"code":"482913"');
  });
});
