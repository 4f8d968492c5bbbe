import type { Localized } from '../../../lib/locale';
import { GatewayError, type GatewayAdapter, type GatewayCall, type VerifyOutcome } from './gateway';
import { gatewayHttp } from './http';
import { log } from '../../core/log';

/**
 * Saman Electronic Payment, OnlinePG (GATEWAYS.md §3): a token for our amount and ResNum → the
 * browser POSTs Token to OnlinePG → SEP POSTs State/Status/RefNum/ResNum back → VerifyTransaction
 * with RefNum (0, or 2 already verified), which takes no amount and names no ResNum: we compare
 * OrginalAmount and the terminal ourselves, and the orchestration accepts a RefNum once.
 * ReverseTransaction gives the money back (about 50 minutes).
 */
export interface SamanOptions {
  terminalId: string;
  /** e.g. https://sep.shaparak.ir */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

interface SepVerifyAnswer {
  ResultCode?: number;
  TransactionDetail?: {
    RefNum?: string;
    MaskedPan?: string;
    TerminalNumber?: number;
    OrginalAmount?: number;
  };
}

export function samanAdapter(options: SamanOptions, title: Localized): GatewayAdapter {
  const http = gatewayHttp({ gateway: 'saman', fetch: options.fetch, timeoutMs: options.timeoutMs });

  /** VerifyTransaction or ReverseTransaction: same body and answer, both answer a repeat with 2. */
  async function confirm(operation: 'VerifyTransaction' | 'ReverseTransaction', refNum: string) {
    const answer = await http(
      operation,
      `${options.baseUrl}/verifyTxnRandomSessionkey/ipg/${operation}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ RefNum: refNum, TerminalNumber: Number(options.terminalId) }),
      },
      { retries: 1 },
    );
    const json = answer.json as SepVerifyAnswer | undefined;
    if (typeof json?.ResultCode !== 'number')
      throw new GatewayError(`saman ${operation}: HTTP ${answer.status}`);
    return json;
  }

  async function reverse(input: GatewayCall): Promise<'done' | 'refused' | 'error'> {
    const refNum = input.data['refNum'];
    if (!refNum) return 'refused';
    try {
      const { ResultCode: code } = await confirm('ReverseTransaction', refNum);
      // 2: reversed before; 5: already given back.
      if (code === 0 || code === 2 || code === 5) return 'done';
      // -6: past the reversal window.
      if (code === -6) return 'refused';
      return 'error';
    } catch {
      return 'error';
    }
  }

  return {
    type: 'saman',
    title,
    currencies: ['IRR'],
    async request(input) {
      const resNum = String(input.paymentId);
      const answer = await http('token', `${options.baseUrl}/onlinepg/onlinepg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          action: 'token',
          TerminalId: options.terminalId,
          Amount: input.amount,
          ResNum: resNum,
          RedirectUrl: input.callbackUrl,
          ...(input.mobile ? { CellNumber: input.mobile } : {}),
        }),
      });
      const json = answer.json as
        { status?: number; token?: string; errorCode?: number | string } | undefined;
      if (json?.status !== 1 || !json.token) {
        throw new GatewayError(`saman token refused: ${json?.errorCode ?? `HTTP ${answer.status}`}`);
      }
      return {
        ref: json.token,
        redirect: {
          method: 'POST',
          url: `${options.baseUrl}/OnlinePG/OnlinePG`,
          fields: { Token: json.token },
        },
        data: { resNum },
      };
    },
    parseCallback(params) {
      const ref = params['Token'];
      if (!ref) return null;
      const data: Record<string, string> = {};
      if (params['RefNum']) data['refNum'] = params['RefNum'];
      if (params['ResNum']) data['returnedResNum'] = params['ResNum'];
      if (params['SecurePan']) data['cardPan'] = params['SecurePan'];
      // Status 3 is SEP's Failed (the card or its bank refused); 1 is CanceledByUser.
      return { ref, ok: params['Status'] === '2', declined: params['Status'] === '3', data };
    },
    async verify(input): Promise<VerifyOutcome> {
      const { refNum, returnedResNum, resNum } = input.data;
      // An empty RefNum is SEP's way of saying the payment failed or was cancelled.
      if (!refNum || returnedResNum !== resNum) return { outcome: 'unpaid' };
      try {
        const answer = await confirm('VerifyTransaction', refNum);
        const code = answer.ResultCode;
        if (code === 0 || code === 2) {
          const detail = answer.TransactionDetail;
          if (
            detail?.OrginalAmount !== input.amount ||
            String(detail.TerminalNumber) !== options.terminalId
          ) {
            // Verify kept money that is not ours to keep: give it back at once.
            if ((await reverse(input)) !== 'done')
              log.warn(
                { paymentId: input.paymentId, gateway: 'saman' },
                `payment ${input.paymentId}: reversal at saman failed`,
              );
            return { outcome: 'mismatch' };
          }
          return { outcome: 'paid', trace: refNum, card: detail.MaskedPan ?? input.data['cardPan'] ?? null };
        }
        // 5 already reversed, -6 past the 30 minutes: SEP gave the money back itself.
        if (code === 5 || code === -6) return { outcome: 'lapsed' };
        if (code === -2) return { outcome: 'unpaid' };
        return { outcome: 'error', message: `saman VerifyTransaction: ${code}` };
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
    reverse,
  };
}
