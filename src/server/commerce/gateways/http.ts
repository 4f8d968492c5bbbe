import { GatewayError } from './gateway';
import { log } from '../../core/log';

/**
 * How every adapter talks to its gateway: a deadline on each call, one log line per call that names
 * the operation, status and time but never a body, header or query (they carry passwords, tokens and
 * card data), and retries only where the caller says the protocol makes a repeat safe.
 */

export interface GatewayHttpOptions {
  gateway: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export interface GatewayAnswer {
  status: number;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export type GatewayHttp = (
  operation: string,
  url: string,
  init: RequestInit,
  options?: { retries?: number },
) => Promise<GatewayAnswer>;

const RETRY_PAUSE_MS = 300;

export function gatewayHttp(options: GatewayHttpOptions): GatewayHttp {
  return async (operation, url, init, { retries = 0 } = {}) => {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      let answer: GatewayAnswer | null = null;
      let failure = '';
      try {
        const response = await options.fetch(url, {
          ...init,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        answer = { status: response.status, text, json };
        log.info(
          { gateway: options.gateway, operation, status: response.status, ms: took() },
          `gateway ${options.gateway} ${operation}: HTTP ${response.status}`,
        );
      } catch (error) {
        failure = error instanceof Error ? error.name : 'Error';
        log.warn(
          { gateway: options.gateway, operation, failure, ms: took() },
          `gateway ${options.gateway} ${operation}: ${failure}`,
        );
      }
      // A server error or no answer at all is worth repeating when the operation is idempotent.
      const retry = answer === null || answer.status >= 500;
      if (!retry || attempt >= retries) {
        if (answer) return answer;
        throw new GatewayError(`${options.gateway} ${operation}: ${failure}`);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * (attempt + 1)));
    }
  };
}
