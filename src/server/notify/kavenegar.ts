import type { KavenegarConfig } from '../config';
import type { Transport } from './notifier';

interface LookupAnswer {
  return?: { status?: number; message?: string };
}

const TIMEOUT_MS = 10_000;

/**
 * SMS through Kavenegar's verify/lookup API (https://kavenegar.com/rest.html#sms-Lookup): the text is the
 * template registered in the Kavenegar panel, with the code as its `%token`. Success is
 * `return.status === 200` in the JSON body; any other status (or a non-JSON answer) is a failure.
 */
export function kavenegarSms(config: KavenegarConfig): Transport {
  return {
    name: 'kavenegar',
    async send({ to, code }) {
      // A lookup template carries a code only; a notice would need a template of its own.
      if (!code) throw new Error('Kavenegar lookup sends codes only');
      // Kavenegar wants the domestic form of Iranian numbers: 09xxxxxxxxx.
      const receptor = to.replace(/^\+98/, '0');
      const url = new URL(`${config.baseUrl}/v1/${encodeURIComponent(config.apiKey)}/verify/lookup.json`);
      url.search = new URLSearchParams({ receptor, token: code, template: config.template }).toString();
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      const answer = (await response.json().catch(() => ({}))) as LookupAnswer;
      const status = answer.return?.status;
      if (status !== 200) {
        throw new Error(
          `HTTP ${response.status}, return.status ${status ?? '-'} ${answer.return?.message ?? ''}`,
        );
      }
    },
  };
}
