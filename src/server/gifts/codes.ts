import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { normalizeGiftCode } from '../../shared/gifts';
import { randomCode, sameHash } from '../auth';
import type { AppContext } from '../context';
import { defineRateLimit } from '../core/rate-limit';
import type { Db } from '../db/client';
import { giftCodes } from '../db/gifts-schema';

/**
 * Gift codes: 16 random characters (80 bits) printed as four groups of four. The first eight are the
 * code's public id, kept in clear and indexed to find its row; the last eight are kept only as a hash
 * and compared in constant time, so neither a timing difference nor a copy of the table reveals a
 * code that can be redeemed.
 */

/** No 0/O or 1/I: codes are read aloud and typed from an SMS. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PUBLIC_LENGTH = 8;
const CODE_LENGTH = 16;

export type GiftCodeRow = typeof giftCodes.$inferSelect;

function secretHash(secret: string): string {
  return createHash('sha256').update(`gift:${secret}`).digest('hex');
}

/** The parts a code is stored as; a chosen (demo) code may be 12 to 24 characters. */
export function splitGiftCode(code: string): { publicId: string; secretHash: string } {
  const normalized = normalizeGiftCode(code);
  return {
    publicId: normalized.slice(0, PUBLIC_LENGTH),
    secretHash: secretHash(normalized.slice(PUBLIC_LENGTH)),
  };
}

/** XXXX-XXXX-XXXX-XXXX */
export function formatGiftCode(code: string): string {
  return (normalizeGiftCode(code).match(/.{1,4}/g) ?? []).join('-');
}

export function newGiftCode(): string {
  return formatGiftCode(randomCode(ALPHABET, CODE_LENGTH));
}

export interface GiftCodeInput {
  months: number;
  plan: string;
  expiresAt: Date;
  campaignId?: number | null;
  paymentId?: number | null;
  maxUses?: number;
  requestedBy?: number | null;
  requestedTo?: string | null;
  /** A chosen code (the demo's); otherwise a random one. */
  code?: string;
}

/**
 * Stores a new code and returns it with its row, or null when the insert hit a unique index other
 * than the public id (a request already made for the account or phone, a chosen code taken). A random
 * public id that happens to exist is drawn again.
 */
export async function insertGiftCode(
  tx: Db,
  input: GiftCodeInput,
  now: Date,
): Promise<{ code: string; row: GiftCodeRow } | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = input.code ? formatGiftCode(input.code) : newGiftCode();
    const parts = splitGiftCode(code);
    const [row] = await tx
      .insert(giftCodes)
      .values({
        ...parts,
        campaignId: input.campaignId ?? null,
        paymentId: input.paymentId ?? null,
        months: input.months,
        plan: input.plan,
        maxUses: input.maxUses ?? 1,
        expiresAt: input.expiresAt,
        requestedBy: input.requestedBy ?? null,
        requestedTo: input.requestedTo ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return { code, row };
    if (input.code) return null;
    const [taken] = await tx
      .select({ id: giftCodes.id })
      .from(giftCodes)
      .where(eq(giftCodes.publicId, parts.publicId));
    if (!taken) return null;
  }
  throw new Error('no free gift code after 5 tries');
}

/** Wrong codes per address: plenty for typos, far too few to guess an 80-bit code. */
export const WRONG_GIFT_CODES = defineRateLimit({ name: 'gift-code-miss', limit: 10, windowSeconds: 600 });

/** Compared against when no row has the public id, so a miss costs what a wrong secret costs. */
const NO_SECRET = secretHash('');

/**
 * The row of a typed code, or null. Only misses stay counted against the address; past the limit
 * even a good code waits (429), like ticket codes. Each try is counted before the lookup and given
 * back when the code was right, so guesses sent at once cannot all be looked up (issue 24, 10).
 */
export async function findGiftCode(
  ctx: AppContext,
  code: string,
  clientAddress: string,
): Promise<GiftCodeRow | null> {
  const key = clientAddress || 'unknown';
  const countedAt = ctx.clock.now();
  await ctx.rateLimiter.consume(WRONG_GIFT_CODES, key);
  const typed = splitGiftCode(code);
  const [row] = await ctx.database.db.select().from(giftCodes).where(eq(giftCodes.publicId, typed.publicId));
  const matches = sameHash(typed.secretHash, row?.secretHash ?? NO_SECRET) && row !== undefined;
  if (!matches) return null;
  await ctx.rateLimiter.release(WRONG_GIFT_CODES, key, countedAt);
  return row;
}
