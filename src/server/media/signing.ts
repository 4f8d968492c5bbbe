import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * What a signed media URL carries in its path segment: everything the server needs to answer a file,
 * a playlist or the key request without a login header (players fetch segments without one).
 */
export interface MediaToken {
  /** Asset id: the package directory name. */
  asset: string;
  productId: number;
  sessionId: number | null;
  ticketSessionId: number | null;
  /** `full`: the encrypted title; `trailer`: the clear preview ladder only. */
  scope: 'full' | 'trailer';
  /** Unix seconds after which nothing under this token is served. */
  exp: number;
  /** A screening: the playlists are live windows derived from the clock (unix seconds). */
  live: { start: number; end: number } | null;
}

const ASSET_PATTERN = /^[a-z0-9-]{1,40}$/;

/** Short keys keep URLs short; the zod schema makes a well-signed but odd payload still fail. */
const wireSchema = z.object({
  a: z.string().regex(ASSET_PATTERN),
  p: z.number().int().positive(),
  s: z.number().int().positive().nullable(),
  t: z.number().int().positive().nullable(),
  k: z.enum(['f', 't']),
  e: z.number().int(),
  l: z.tuple([z.number().int(), z.number().int()]).nullable(),
});

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`hls.v1.${payload}`).digest();
}

export function signToken(secret: string, token: MediaToken): string {
  const wire: z.infer<typeof wireSchema> = {
    a: token.asset,
    p: token.productId,
    s: token.sessionId,
    t: token.ticketSessionId,
    k: token.scope === 'full' ? 'f' : 't',
    e: token.exp,
    l: token.live ? [token.live.start, token.live.end] : null,
  };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

export type TokenCheck = { ok: true; token: MediaToken } | { ok: false; reason: 'tampered' | 'expired' };

/** Verifies the HMAC in constant time first, then the expiry against `now`. */
export function verifyToken(secret: string, text: string, now: Date): TokenCheck {
  const [payload, signature, extra] = text.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'tampered' };
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'tampered' };
  }
  let wire: z.infer<typeof wireSchema>;
  try {
    wire = wireSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return { ok: false, reason: 'tampered' };
  }
  if (wire.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    token: {
      asset: wire.a,
      productId: wire.p,
      sessionId: wire.s,
      ticketSessionId: wire.t,
      scope: wire.k === 'f' ? 'full' : 'trailer',
      exp: wire.e,
      live: wire.l ? { start: wire.l[0], end: wire.l[1] } : null,
    },
  };
}

export function isAssetId(value: string): boolean {
  return ASSET_PATTERN.test(value);
}
