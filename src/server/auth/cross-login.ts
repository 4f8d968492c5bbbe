import { and, eq, gt, lt } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { SessionOpened } from '../../shared/auth';
import { toLatinDigits } from '../../lib/format';
import type { AppContext } from '../context';
import { absoluteUrl } from '../core/public-url';
import { defineRateLimit } from '../core/rate-limit';
import { crossLoginCodes } from '../db/schema';
import { invalidFields } from '../errors';
import { randomCode, tokenHash } from './secrets';
import { openSession, type Authenticated, type SessionOrigin } from './sessions';

/**
 * Logging in a TV or a friend's laptop from a phone that is already logged in: the phone shows a short
 * code (and a QR code of the login page with it); the other device sends it back once, within two minutes.
 */
export const CROSS_LOGIN_TTL_SECONDS = 120;

/** Without look-alikes (0/O, 1/I/L), so it can be read off a TV screen and typed. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** 31^8 codes live for two minutes; ten guesses per ten minutes per address leaves no chance. */
export const crossLoginLimit = defineRateLimit({ name: 'cross-login', limit: 10, windowSeconds: 10 * 60 });

export interface CrossLoginCode {
  sId: string;
  /** data: URL of an SVG QR code of the login page carrying the code. */
  qr: string;
  expiresIn: number;
}

/** Typed codes may come in lower case, with spaces or dashes, or in Persian digits. */
function normalise(sId: string): string {
  return toLatinDigits(sId)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

export async function createCrossLogin(ctx: AppContext, auth: Authenticated): Promise<CrossLoginCode> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const sId = randomCode(ALPHABET, LENGTH);
  await db.delete(crossLoginCodes).where(lt(crossLoginCodes.expiresAt, now));
  await db.insert(crossLoginCodes).values({
    codeHash: tokenHash(sId),
    userId: auth.user.id,
    expiresAt: new Date(now.getTime() + CROSS_LOGIN_TTL_SECONDS * 1000),
    createdAt: now,
  });
  const svg = await QRCode.toString(absoluteUrl(ctx.config, `/login?s_id=${sId}`), {
    type: 'svg',
    margin: 1,
  });
  return {
    sId,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expiresIn: CROSS_LOGIN_TTL_SECONDS,
  };
}

/** Opens a session on the asking device for the code's owner; the code works once. */
export async function crossLogin(
  ctx: AppContext,
  input: { sId: string; removeSessionId: number | undefined },
  origin: SessionOrigin,
): Promise<SessionOpened> {
  const now = ctx.clock.now();
  return openSession(
    ctx,
    origin,
    async (tx) => {
      const [used] = await tx
        .delete(crossLoginCodes)
        .where(
          and(
            eq(crossLoginCodes.codeHash, tokenHash(normalise(input.sId))),
            gt(crossLoginCodes.expiresAt, now),
          ),
        )
        .returning({ userId: crossLoginCodes.userId });
      if (!used) throw invalidFields({ s_id: 'cross_login_invalid' });
      return used.userId;
    },
    input.removeSessionId,
  );
}
