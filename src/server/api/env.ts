import type { RequestIdVariables } from 'hono/request-id';
import type { Locale } from '../../lib/locale';
import type { AppContext } from '../context';

/** What every /api/v1 handler can read from its Hono context. */
export interface ApiEnv {
  /** Passed by src/pages/api/v1/[...path].ts (Astro's socket address) and by the test harness. */
  Bindings: { clientAddress?: string };
  Variables: RequestIdVariables & {
    ctx: AppContext;
    locale: Locale;
    /** The visitor's address: the socket's, or the one our trusted proxies saw (TRUST_PROXY). */
    clientAddress: string;
  };
}
