import type { AppContext } from '../context';

/** What the media key endpoint knows about the request asking for a decryption key. */
export interface KeyRequest {
  productId: number;
  sessionId: number | null;
  ticketSessionId: number | null;
  clientAddress: string;
  now: Date;
}

/**
 * Re-checks at key-request time that whoever got the signed URL is still entitled to play:
 * signed URLs outlive sessions, purchase windows and screenings, so the key endpoint asks again.
 * Refuses everything until the access rules land (safe default for the media engineer's wiring).
 */
export function canFetchKey(_ctx: AppContext, _q: KeyRequest): Promise<boolean> {
  return Promise.resolve(false);
}
