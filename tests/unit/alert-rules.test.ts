import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { promtoolPath, requirePrometheus } from '../../scripts/prometheus-local.mjs';

/**
 * The example alert rules an operator copies from deploy/prometheus: valid for Prometheus, and each
 * alert fires on the series that should raise it (alerts.test.yml), checked with Debian's promtool.
 */

const run = promisify(execFile);
const dir = path.resolve(import.meta.dirname, '../../deploy/prometheus');

async function promtool(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(requirePrometheus(promtoolPath()), args, { cwd: dir }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(
        `promtool ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
      );
    },
  );
  return stdout + stderr;
}

describe('deploy/prometheus', () => {
  it('the alert rules and the example configuration are valid', async () => {
    expect(await promtool('check', 'rules', 'alerts.yml')).toContain('SUCCESS: 8 rules found');
    expect(await promtool('check', 'config', 'prometheus.yml.example')).toContain('SUCCESS');
  });

  it('each alert fires on what should raise it and stays quiet otherwise (promtool test rules)', async () => {
    expect(await promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });
});
