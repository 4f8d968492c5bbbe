/** Moved to src/lib/locale.ts; this alias lasts only until the gateway adapters, mid-change, import it there. */
export type { Localized } from '../lib/locale';
