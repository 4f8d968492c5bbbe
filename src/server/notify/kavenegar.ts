import type { KavenegarConfig } from '../config';
import type { Transport } from './transport';

interface KavenegarAnswer {
  return?: { status?: number; message?: string };
}

const TIMEOUT_MS = 10_000;

/**
 * SMS through Kavenegar (https://kavenegar.com/rest.html). Codes go through verify/lookup: the text is
 * the template registered in the Kavenegar panel, with the code as its `%token`. Notices (no code) go
 * as plain text through sms/send from the account's line (KAVENEGAR_SENDER), which a lookup template
 * cannot carry. Success is `return.status === 200` in the JSON body; anything else is a failure.
 */
export function kavenegarSms(config: KavenegarConfig): Transport {
  return {
    name: 'kavenegar',
    async send({ to, code, text }) {
      // Kavenegar wants the domestic form of Iranian numbers: 09xxxxxxxxx.
      const receptor = to.replace(/^\+98/, '0');
      let call: { method: string; params: Record<string, string> };
      if (code) {
        call = { method: 'verify/lookup', params: { receptor, token: code, template: config.template } };
      } else if (config.sender) {
        call = { method: 'sms/send', params: { receptor, sender: config.sender, message: text } };
      } else {
        throw new Error('no KAVENEGAR_SENDER line for a notice');
      }
      const url = new URL(`${config.baseUrl}/v1/${encodeURIComponent(config.apiKey)}/${call.method}.json`);
      url.search = new URLSearchParams(call.params).toString();
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      const answer = (await response.json().catch(() => ({}))) as KavenegarAnswer;
      const status = answer.return?.status;
      if (status !== 200) {
        throw new Error(
          `${call.method}: HTTP ${response.status}, return.status ${status ?? '-'} ${answer.return?.message ?? ''}`,
        );
      }
    },
  };
}
